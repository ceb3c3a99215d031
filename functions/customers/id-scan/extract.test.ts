import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  IdScanError,
  NO_TEXT_IN_IMAGE,
  NO_TEXT_IN_PDF,
  findMrz,
  formatMrzName,
  labelledDate,
  mrzDate,
  readLabelledFields,
  readMrz,
  scanIdDocument,
  sniffType,
} from './extract';
import { imageText } from './image-text';
import { SAMPLE_TD1, SAMPLE_TD3, plainPng } from '../../../test/fixtures/make-samples';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, '../../../test/fixtures', name));
const TODAY = new Date('2026-11-21T00:00:00Z');

describe('MRZ extraction (ICAO 9303 specimens)', () => {
  it('reads a TD3 passport MRZ into customer fields with every check digit valid', () => {
    const r = readMrz(SAMPLE_TD3.join('\n'), TODAY)!;
    expect(r.source).toBe('mrz');
    expect(r.documentType).toBe('passport');
    expect(r.fields).toEqual({
      fullNameEnglish: 'Anna Maria Eriksson',
      firstName: 'Anna Maria',
      lastName: 'Eriksson',
      nationalIdOrPassport: 'L898902C3',
      dateOfBirth: '1974-08-12',
      countryOfOrigin: 'Utopia',
      gender: 'female',
    });
    expect(r.documentExpiryDate).toBe('2012-04-15');
    expect(r.invalidChecks).toEqual([]);
    expect(r.confidence).toBe(1);
    expect(r.rawMrz).toEqual(SAMPLE_TD3);
  });

  it('reads a TD1 identity card MRZ (3 × 30), e.g. an Emirates ID', () => {
    const r = readMrz(['ID CARD', ...SAMPLE_TD1, 'footer'].join('\n'), TODAY)!;
    expect(r.documentType).toBe('id_card');
    expect(r.fields.lastName).toBe('Eriksson');
    expect(r.fields.firstName).toBe('Anna Maria');
    expect(r.fields.dateOfBirth).toBe('1974-08-12');
    expect(r.fields.gender).toBe('female');
    expect(r.invalidChecks).toEqual([]);
  });

  it('reports a failed check digit instead of trusting the field, and lowers confidence', () => {
    // Birth date changed from 740812 to 740813: its check digit (2) and the composite no longer hold.
    const tampered = [SAMPLE_TD3[0], SAMPLE_TD3[1].replace('7408122', '7408132')];
    const r = readMrz(tampered.join('\n'), TODAY)!;
    expect(r.invalidChecks).toContain('birthDate');
    expect(r.invalidChecks).toContain('composite');
    expect(r.confidence).toBeLessThan(1);
    expect(r.fields.dateOfBirth).toBe('1974-08-13'); // shown as printed, flagged for staff to verify
  });

  it('finds MRZ lines in OCR text that spaces characters and mixes in other lines', () => {
    const text = `Passport\n${SAMPLE_TD3[0].split('').join(' ')}\n${SAMPLE_TD3[1]}\n`;
    expect(findMrz(text)).toEqual(SAMPLE_TD3);
    expect(findMrz('no zone here\nP<UTO<<<')).toBeUndefined();
  });

  it('formats names and dates', () => {
    expect(formatMrzName('ANNA<MARIA')).toBe('Anna Maria');
    expect(formatMrzName('O<BRIEN-SMITH')).toBe('O Brien-Smith');
    expect(mrzDate('740812', 'birth', TODAY)).toBe('1974-08-12');
    expect(mrzDate('050101', 'birth', TODAY)).toBe('2005-01-01');
    expect(mrzDate('300101', 'birth', TODAY)).toBe('1930-01-01');
    expect(mrzDate('300101', 'expiry', TODAY)).toBe('2030-01-01');
    expect(mrzDate('741332', 'birth', TODAY)).toBeUndefined();
  });
});

describe('labelled fields (licences without an MRZ)', () => {
  it('reads name, dates, nationality and licence number', () => {
    const r = readLabelledFields(
      'DRIVING LICENCE\nName: OMAR KHALID HADDAD\nDate of Birth: 03/02/1990\nLicence No: JO-5512-889\nExpiry Date: 2029-06-30',
    )!;
    expect(r.source).toBe('pdf-text');
    expect(r.documentType).toBe('driving_license');
    expect(r.fields).toMatchObject({
      fullNameEnglish: 'Omar Khalid Haddad',
      dateOfBirth: '1990-02-03',
      licenseNumber: 'JO-5512-889',
      licenseExpiryDate: '2029-06-30',
    });
    expect(r.confidence).toBeLessThan(1);
  });

  it('parses the common printed date forms', () => {
    expect(labelledDate('12 AUG 1974')).toBe('1974-08-12');
    expect(labelledDate('1.2.2030')).toBe('2030-02-01');
    expect(labelledDate('31/02/2030')).toBeUndefined();
  });

  it('finds nothing in text without labels', () => {
    expect(readLabelledFields('Lorem ipsum dolor sit amet')).toBeUndefined();
  });
});

describe('scanIdDocument', () => {
  it('scans the sample passport PDF end to end', async () => {
    const r = await scanIdDocument(fixture('sample-passport.pdf'), 'application/pdf', TODAY);
    expect(r.source).toBe('mrz');
    expect(r.fields.fullNameEnglish).toBe('Anna Maria Eriksson');
    expect(r.fields.nationalIdOrPassport).toBe('L898902C3');
  });

  it('scans the sample licence PDF by its labels', async () => {
    const r = await scanIdDocument(fixture('sample-licence.pdf'), 'application/pdf', TODAY);
    expect(r.fields.licenseNumber).toBe('JO-5512-889');
  });

  it('refuses an image without text honestly (no OCR offline)', async () => {
    await expect(scanIdDocument(plainPng(), 'image/png')).rejects.toThrow(IdScanError);
    await expect(scanIdDocument(plainPng(), 'image/png')).rejects.toThrow(NO_TEXT_IN_IMAGE);
  });

  it('reads an MRZ an image carries in a PNG text chunk', async () => {
    const png = plainPng();
    const text = Buffer.from(`Comment\u0000${SAMPLE_TD3.join('\n')}`, 'latin1');
    const len = Buffer.alloc(4);
    len.writeUInt32BE(text.length);
    const chunk = Buffer.concat([len, Buffer.from('tEXt'), text, Buffer.alloc(4)]);
    const withText = Buffer.concat([png.subarray(0, 33), chunk, png.subarray(33)]);
    expect(imageText(withText)).toContain(SAMPLE_TD3[0]);
    expect((await scanIdDocument(withText, 'image/png', TODAY)).fields.lastName).toBe('Eriksson');
  });

  it('says so when a PDF has no text layer', async () => {
    const imageOnly = Buffer.concat([
      Buffer.from('%PDF-1.7\n1 0 obj\n<< /Length 5 /Filter /FlateDecode >>\nstream\n'),
      deflateSync(Buffer.from('q Q')),
      Buffer.from('\nendstream\nendobj\n%%EOF'),
    ]);
    await expect(scanIdDocument(imageOnly, 'application/pdf')).rejects.toThrow(NO_TEXT_IN_PDF);
  });

  it('sniffs the real file type', () => {
    expect(sniffType(fixture('sample-passport.pdf'))).toBe('application/pdf');
    expect(sniffType(plainPng())).toBe('image/png');
    expect(sniffType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe('image/jpeg');
    expect(sniffType(Buffer.from('hello'))).toBeUndefined();
  });
});
