import { inflateSync } from 'node:zlib';

/**
 * A minimal PDF text-layer reader: enough to read the text that scanners with OCR and
 * generators (pdf-lib, office "save as PDF") put in a page with single-byte fonts, so the MRZ
 * lines and labelled fields of an ID scan can be found. No dependency: pdf-lib cannot extract
 * text and no extractor is installed.
 *
 * How: every `stream … endstream` body is taken, inflated when it is Flate-compressed (tried on
 * each stream; a stream that does not inflate is read as is), and its text operators are read:
 * `Tj`, `TJ`, `'` and `"` show strings (literal `( … )` with escapes, or hex `< … >`); `Td`, `TD`,
 * `T*`, `Tm` and `ET` start a new line when they move to another line.
 *
 * Limits (documented so nobody expects more):
 * - Strings are decoded as single-byte (Latin-1/WinAnsi) characters. Composite (Type0,
 *   Identity-H) fonts without their ToUnicode CMap come out as garbage; those PDFs are reported
 *   as "no machine-readable text".
 * - Filters other than FlateDecode (LZW, DCT images, JBIG2, encryption) are not decoded.
 *   Object streams are inflated too but hold no text operators, so they add nothing.
 * - Image-only scans (a photo inside a PDF, no OCR text layer) have no text to read.
 * - Reading order is the content-stream order, which for generated and OCR'd PDFs is the visual
 *   order of lines.
 */
export function extractPdfText(pdf: Buffer): string {
  const src = pdf.toString('latin1');
  const lines: string[] = [];
  const re = /stream\r?\n/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(src))) {
    const start = m.index + m[0].length;
    const end = src.indexOf('endstream', start);
    if (end < 0) break;
    const raw = pdf.subarray(start, end);
    re.lastIndex = end + 9;
    let body: Buffer;
    try {
      body = inflateSync(raw);
    } catch {
      body = raw;
    }
    const text = textOfContentStream(body.toString('latin1'));
    if (text.trim()) lines.push(text);
  }
  return lines.join('\n');
}

/** Text shown by one content stream, one output line per text line. */
export function textOfContentStream(content: string): string {
  if (!/\b(Tj|TJ)\b|'|"/.test(content) || !content.includes('BT')) return '';
  const out: string[] = [];
  let line = '';
  const flush = () => {
    if (line.trim()) out.push(line.replace(/\s+$/, ''));
    line = '';
  };
  const operands: string[] = [];
  let i = 0;
  const n = content.length;
  while (i < n) {
    const c = content[i];
    if (c === '(') {
      const { value, next } = readLiteral(content, i);
      operands.push(STR + value);
      i = next;
    } else if (c === '<' && content[i + 1] !== '<') {
      const close = content.indexOf('>', i);
      const hex = content.slice(i + 1, close < 0 ? n : close).replace(/\s+/g, '');
      operands.push(STR + decodeHex(hex));
      i = close < 0 ? n : close + 1;
    } else if (c === '[') {
      operands.push('\u0000['); // array marker: strings until ']' are one TJ operand
      i++;
    } else if (c === ']') {
      const at = operands.lastIndexOf('\u0000[');
      if (at >= 0) {
        // Strings join; a large negative adjustment (in thousandths of an em) is a word gap.
        const parts = operands.splice(at).slice(1);
        operands.push(STR + parts.map((p) => (p.startsWith(STR) ? p.slice(1) : Number(p) < -200 ? ' ' : '')).join(''));
      }
      i++;
    } else if (/\s/.test(c)) {
      i++;
    } else if (c === '%') {
      const eol = content.indexOf('\n', i);
      i = eol < 0 ? n : eol + 1;
    } else {
      let j = i;
      while (j < n && !/[\s()<>[\]/%]/.test(content[j])) j++;
      if (j === i) j = i + 1;
      const word = content.slice(i, j);
      i = j;
      switch (word) {
        case 'Tj':
        case 'TJ':
          line += str(operands.pop());
          operands.length = 0;
          break;
        case "'":
        case '"':
          flush();
          line += str(operands.pop());
          operands.length = 0;
          break;
        case 'Td':
        case 'TD': {
          // Only a vertical move starts a new line (a horizontal move continues the same line).
          const ty = Number(operands[operands.length - 1]);
          if (ty !== 0 || Number.isNaN(ty)) flush();
          else line += ' ';
          operands.length = 0;
          break;
        }
        case 'T*':
        case 'Tm':
        case 'ET':
        case 'BT':
          flush();
          operands.length = 0;
          break;
        default:
          if (/^[-+.\d]/.test(word) || word.startsWith('/')) operands.push(word);
          else operands.length = 0;
      }
    }
  }
  flush();
  return out.join('\n');
}

/** Marks an operand that is a string (not a number or name). */
const STR = '\u0001';
const str = (operand: string | undefined) => (operand?.startsWith(STR) ? operand.slice(1) : '');

function readLiteral(s: string, start: number): { value: string; next: number } {
  let depth = 0;
  let out = '';
  let i = start;
  for (; i < s.length; i++) {
    const c = s[i];
    if (c === '\\') {
      const d = s[++i];
      const esc: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', '(': '(', ')': ')', '\\': '\\' };
      if (d in esc) out += esc[d];
      else if (/[0-7]/.test(d)) {
        let oct = d;
        while (oct.length < 3 && /[0-7]/.test(s[i + 1])) oct += s[++i];
        out += String.fromCharCode(parseInt(oct, 8));
      } else if (d === '\r' || d === '\n') {
        if (d === '\r' && s[i + 1] === '\n') i++;
      } else out += d;
      continue;
    }
    if (c === '(') {
      if (depth++ > 0) out += c;
      continue;
    }
    if (c === ')') {
      if (--depth === 0) return { value: out, next: i + 1 };
      out += c;
      continue;
    }
    out += c;
  }
  return { value: out, next: i };
}

function decodeHex(hex: string): string {
  const h = hex.length % 2 ? `${hex}0` : hex;
  let out = '';
  for (let i = 0; i < h.length; i += 2) out += String.fromCharCode(parseInt(h.slice(i, i + 2), 16) || 0);
  return out;
}
