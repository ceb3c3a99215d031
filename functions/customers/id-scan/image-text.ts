import { inflateSync } from 'node:zlib';

/**
 * Text an image file carries besides its pixels: PNG tEXt / zTXt / iTXt chunks and JPEG comment
 * (COM), XMP and EXIF text. Scanner and phone "scan document" apps write recognised text there;
 * a plain photo has none, and then the scan says so honestly (there is no offline OCR).
 * Pixels are never read.
 */
export function imageText(buf: Buffer): string {
  if (buf.length > 8 && buf.readUInt32BE(0) === 0x89504e47) return pngText(buf);
  if (buf.length > 3 && buf[0] === 0xff && buf[1] === 0xd8) return jpegText(buf);
  return '';
}

function pngText(buf: Buffer): string {
  const out: string[] = [];
  let at = 8;
  while (at + 8 <= buf.length) {
    const len = buf.readUInt32BE(at);
    const type = buf.subarray(at + 4, at + 8).toString('latin1');
    const data = buf.subarray(at + 8, at + 8 + len);
    at += 12 + len;
    try {
      if (type === 'tEXt') {
        const sep = data.indexOf(0);
        out.push(data.subarray(sep + 1).toString('latin1'));
      } else if (type === 'zTXt') {
        const sep = data.indexOf(0);
        out.push(inflateSync(data.subarray(sep + 2)).toString('latin1'));
      } else if (type === 'iTXt') {
        // keyword \0 compressionFlag compressionMethod languageTag \0 translatedKeyword \0 text
        const k = data.indexOf(0);
        const compressed = data[k + 1] === 1;
        const lang = data.indexOf(0, k + 3);
        const tk = data.indexOf(0, lang + 1);
        const body = data.subarray(tk + 1);
        out.push((compressed ? inflateSync(body) : body).toString('utf8'));
      } else if (type === 'IEND') break;
    } catch {
      /* a damaged text chunk is skipped */
    }
  }
  return out.join('\n');
}

function jpegText(buf: Buffer): string {
  const out: string[] = [];
  let at = 2;
  while (at + 4 <= buf.length && buf[at] === 0xff) {
    const marker = buf[at + 1];
    if (marker === 0xda || marker === 0xd9) break; // start of scan / end of image: no more metadata
    const len = buf.readUInt16BE(at + 2);
    const data = buf.subarray(at + 4, at + 2 + len);
    at += 2 + len;
    if (marker === 0xfe) out.push(data.toString('utf8'));
    else if (marker === 0xe1) {
      const head = data.subarray(0, 40).toString('latin1');
      if (head.startsWith('http://ns.adobe.com/xap/1.0/')) {
        const xml = data.toString('utf8');
        out.push(
          xml
            .replace(/<[^>]+>/g, '\n')
            .replace(/&lt;/g, '<')
            .replace(/&gt;/g, '>')
            .replace(/&amp;/g, '&'),
        );
      } else if (head.startsWith('Exif')) {
        // ImageDescription / UserComment text: printable runs long enough to be a line of text.
        const runs = data.toString('latin1').match(/[\x20-\x7e\n]{12,}/g) ?? [];
        out.push(runs.join('\n'));
      }
    }
  }
  return out.join('\n');
}
