import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { SAMPLE_TD1, SAMPLE_TD3 } from '../../test/fixtures/make-samples';
import { createPdf } from './pdf';
import { extractPdfText, foldPresentationForms, linesOfItems } from './pdf-text';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, '../../test/fixtures', name));

/**
 * The PDF text reader (pdf.js through unpdf, loaded lazily): our own Arabic PDFs (Type0 font with
 * a ToUnicode map, shaped glyphs) read back as the words typed, and the English cases the former
 * hand-written reader passed still pass. Offline: unpdf bundles pdf.js, nothing is downloaded.
 */
describe('extractPdfText', () => {
  it('reads the Arabic and English our PDF module writes (Type0/ToUnicode, shaped Arabic)', async () => {
    const w = await createPdf({ title: 'عقد', language: 'ar', brand: { companyName: 'شركة سيارة' } });
    w.line('عقد الإيجار رقم 12', 555, 'right');
    w.ensureSpace(40);
    w.paragraph('اسم العميل: عمر خالد', 40, 500);
    w.paragraph('Rental agreement RA-0012', 40, 500);
    const text = await extractPdfText(await w.save());
    expect(text).toContain('عقد الإيجار رقم 12');
    expect(text).toContain('اسم العميل');
    expect(text).toContain('عمر خالد');
    expect(text).toContain('Rental agreement RA-0012');
    expect(text).not.toMatch(/[\uFE70-\uFEFE]/); // presentation forms folded to letters
  }, 60_000);

  it('reads the generated sample passport (Flate) and ID card (uncompressed) line by line', async () => {
    const passport = (await extractPdfText(fixture('sample-passport.pdf'))).split('\n');
    expect(passport).toContain(SAMPLE_TD3[0]);
    expect(passport).toContain(SAMPLE_TD3[1]);
    expect((await extractPdfText(fixture('sample-id-card.pdf'))).split('\n')).toContain(SAMPLE_TD1[2]);
  }, 60_000);

  it('reads Tj, TJ with kerning, hex strings, escapes and line moves', async () => {
    const content =
      'BT /F1 12 Tf 36 370 Td (Name: Anna) Tj 0 -20 Td [(Sur) 20 (name:) -300 (Eriksson)] TJ 0 -20 Td <4C3839> Tj (\\(x\\)) Tj ET';
    const text = await extractPdfText(onePagePdf(content));
    expect(text.split('\n')).toEqual(['Name: Anna', 'Surname: Eriksson', 'L89(x)']);
  }, 60_000);

  it('has no text for a file that is not a readable PDF or has no text layer', async () => {
    const imageOnly = Buffer.concat([
      Buffer.from('%PDF-1.7\n1 0 obj\n<< /Length 5 /Filter /FlateDecode >>\nstream\n'),
      deflateSync(Buffer.from('q Q')),
      Buffer.from('\nendstream\nendobj\n%%EOF'),
    ]);
    expect(await extractPdfText(imageOnly)).toBe('');
    expect(await extractPdfText(Buffer.from('not a pdf at all'))).toBe('');
  }, 60_000);

  it('splits lines on end-of-line marks and baseline moves; folds presentation forms', () => {
    const at = (str: string, y: number, hasEOL = false) => ({ str, transform: [1, 0, 0, 1, 0, y], height: 10, hasEOL });
    expect(linesOfItems([at('a', 100), at('b', 100, true), at('c', 100), at('d', 80), at('', 80, true)])).toEqual([
      'ab',
      'c',
      'd',
    ]);
    expect(foldPresentationForms('ﻋﻘﺪ ﺍﻹﻳﺠﺎﺭ 12')).toBe('عقد الإيجار 12');
  });
});

/** A one-page PDF around one content stream, with a correct cross-reference table (Helvetica). */
function onePagePdf(content: string): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 400 400] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
