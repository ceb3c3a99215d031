import { parse as parseMrz, states } from 'mrz';
import { isCalendarDate } from '../../../shared/customers/age';
import type { Gender, IdScanFields, IdScanResult } from '../../../shared/schemas/customers';
import { extractPdfText } from '../../lib/pdf-text';
import { imageText } from './image-text';

/** The text an image carries in its metadata (documents' analysis reads it through idScanRules()). */
export { imageText };
import type { ScanContentType } from './sniff';

/**
 * ID document scan without any network service (issue 5 "Add customer with ID scan").
 *
 * What it reads:
 * - PDFs: the text layer (functions/lib/pdf-text.ts, pdf.js), then the machine-readable zone (ICAO 9303 TD3
 *   passports 2×44, TD1 ID cards such as the Emirates ID 3×30, TD2 2×36) parsed by the
 *   maintained `mrz` package; without an MRZ, labelled fields ("Name:", "Date of Birth:",
 *   "Licence No:", "Expiry Date:" …) as printed on driving licences.
 * - Images (PNG/JPEG): the text the image CARRIES — PNG tEXt/iTXt/zTXt chunks, JPEG comments and
 *   XMP (./image-text.ts), which some scanner apps write — else the text OCR reads in its pixels
 *   (functions/lib/ocr.ts: tesseract.js with the English model from npm, passed in by scan.ts).
 *   An image where neither finds anything gets a 422 telling staff to upload a PDF scan or type
 *   the details; nothing is guessed.
 *
 * The answer pre-fills the add-customer form; staff confirm it. Check digits that fail are listed
 * in `invalidChecks` and lower `confidence` instead of failing the scan, so staff can still use
 * the readable parts and double-check the rest.
 */
export class IdScanError extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

export const NO_TEXT_IN_IMAGE =
  'No machine-readable text found in this image; upload a PDF scan or enter details manually';
export const NO_TEXT_IN_PDF =
  'No text layer found in this PDF (an image-only scan); upload a PDF with text or enter details manually';
export const NOTHING_RECOGNISED =
  'No machine-readable zone or labelled fields found in this document; enter details manually';

export { sniffType, type ScanContentType } from './sniff';

/** `ocrText`: what OCR read in an image's pixels (scan.ts); the image's metadata text follows it as a hint. */
export async function scanIdDocument(
  file: Buffer,
  contentType: ScanContentType,
  today = new Date(),
  ocrText?: string,
): Promise<IdScanResult> {
  const text =
    contentType === 'application/pdf'
      ? await extractPdfText(file)
      : [ocrText ?? '', imageText(file)].filter((t) => t.trim()).join('\n');
  if (!text.trim()) throw new IdScanError(contentType === 'application/pdf' ? NO_TEXT_IN_PDF : NO_TEXT_IN_IMAGE);
  const fromMrz = readMrz(text, today);
  if (fromMrz) return fromMrz;
  const labelled = readLabelledFields(text);
  if (labelled) return labelled;
  throw new IdScanError(contentType === 'application/pdf' ? NOTHING_RECOGNISED : NO_TEXT_IN_IMAGE);
}

// ---------------------------------------------------------------------------------------------
// MRZ
// ---------------------------------------------------------------------------------------------

const FORMATS: { lines: number; length: number }[] = [
  { lines: 2, length: 44 }, // TD3 passport
  { lines: 3, length: 30 }, // TD1 ID card (Emirates ID, most national IDs)
  { lines: 2, length: 36 }, // TD2
];

/** Candidate MRZ lines: upper case, spaces removed (OCR text layers often space the characters), only [A-Z0-9<]. */
export function mrzCandidateLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) =>
      l
        .toUpperCase()
        .replace(/[\s\u00A0]+/g, '')
        .replace(/[«‹]/g, '<'),
    )
    .filter((l) => /^[A-Z0-9<]{30,44}$/.test(l) && l.includes('<'));
}

/** The first run of consecutive candidate lines that forms a TD3, TD1 or TD2 zone. */
export function findMrz(text: string): string[] | undefined {
  const lines = mrzCandidateLines(text);
  for (const f of FORMATS) {
    for (let i = 0; i + f.lines <= lines.length; i++) {
      const group = lines.slice(i, i + f.lines);
      if (group.every((l) => l.length === f.length)) return group;
    }
  }
  return undefined;
}

const titleCase = (s: string) =>
  s
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w.replace(/(^|[-'])(\p{L})/gu, (_m, p: string, c: string) => p + c.toUpperCase()))
    .join(' ');

/** 'ERIKSSON<<ANNA<MARIA' style name parts → 'Anna Maria'. */
export function formatMrzName(part: string | null | undefined): string {
  return titleCase((part ?? '').replace(/</g, ' ').trim());
}

/**
 * YYMMDD → YYYY-MM-DD. Birth dates are in the past (a future year means the previous century); expiry dates are 20YY.
 */
export function mrzDate(
  yymmdd: string | null | undefined,
  kind: 'birth' | 'expiry',
  today = new Date(),
): string | undefined {
  if (!yymmdd || !/^\d{6}$/.test(yymmdd)) return undefined;
  const yy = Number(yymmdd.slice(0, 2));
  const nowYy = today.getUTCFullYear() % 100;
  const century = kind === 'birth' ? (yy > nowYy ? 1900 : 2000) : yy >= 70 ? 1900 : 2000;
  const date = `${century + yy}-${yymmdd.slice(2, 4)}-${yymmdd.slice(4, 6)}`;
  return isCalendarDate(date) ? date : undefined;
}

/** ICAO specimen codes are not states, but scans of specimens should still read nicely. */
const SPECIMEN_STATES: Record<string, string> = { UTO: 'Utopia', D: 'Germany' };

export function countryName(code: string | null | undefined): string | undefined {
  if (!code) return undefined;
  const c = code.replace(/</g, '').trim();
  if (!c) return undefined;
  const name = (states as Record<string, string>)[c] ?? SPECIMEN_STATES[c];
  return name ?? c;
}

interface MrzDetail {
  field: string | null;
  valid: boolean;
  value: string | null;
  ranges: { raw: string }[];
  error?: string;
}

/** Parses an MRZ zone into customer fields; undefined when the text holds no MRZ. */
export function readMrz(text: string, today = new Date()): IdScanResult | undefined {
  const lines = findMrz(text);
  if (!lines) return undefined;
  let result: ReturnType<typeof parseMrz>;
  try {
    result = parseMrz(lines);
  } catch {
    return undefined;
  }
  const f = result.fields as Record<string, string | null>;
  const details = result.details as unknown as MrzDetail[];
  const raw = (field: string) =>
    details
      .find((d) => d.field === field)
      ?.ranges.map((r) => r.raw)
      .join('') ?? null;
  const checks = details.filter((d) => d.field?.endsWith('CheckDigit'));
  const invalidChecks = checks.filter((d) => !d.valid).map((d) => d.field!.replace(/CheckDigit$/, ''));
  const passed = checks.length - invalidChecks.length;

  const firstName = formatMrzName(f.firstName ?? raw('firstName'));
  const lastName = formatMrzName(f.lastName ?? raw('lastName'));
  const sex = f.sex ?? null;
  const gender: Gender | undefined = sex === 'male' ? 'male' : sex === 'female' ? 'female' : undefined;
  // Fields the parser nulls because of a bad check digit are still shown from the raw text,
  // flagged in invalidChecks: staff see what is printed and know what to verify.
  const birth = mrzDate(f.birthDate ?? raw('birthDate'), 'birth', today);
  const expiry = mrzDate(f.expirationDate ?? raw('expirationDate'), 'expiry', today);
  const documentNumber = (result.documentNumber ?? f.documentNumber ?? raw('documentNumber') ?? '').replace(/</g, '');
  const fields: IdScanFields = {
    fullNameEnglish: [firstName, lastName].filter(Boolean).join(' ') || undefined,
    firstName: firstName || undefined,
    lastName: lastName || undefined,
    nationalIdOrPassport: documentNumber || undefined,
    dateOfBirth: birth,
    countryOfOrigin: countryName(f.nationality ?? raw('nationality')),
    gender,
  };
  for (const k of Object.keys(fields) as (keyof IdScanFields)[]) if (fields[k] === undefined) delete fields[k];
  const code = (f.documentCode ?? lines[0].slice(0, 2)).replace(/</g, '');
  const documentType =
    result.format === 'TD3' && code.startsWith('P')
      ? 'passport'
      : ['TD1', 'TD2'].includes(result.format)
        ? 'id_card'
        : 'unknown';
  return {
    fields,
    source: 'mrz',
    confidence: checks.length ? Math.round((passed / checks.length) * 100) / 100 : 0.5,
    documentType,
    documentExpiryDate: expiry,
    rawMrz: lines,
    invalidChecks,
  };
}

// ---------------------------------------------------------------------------------------------
// Labelled fields (driving licences and ID PDFs without an MRZ)
// ---------------------------------------------------------------------------------------------

const LABELS: Record<keyof IdScanFields | 'expiry', RegExp> = {
  fullNameEnglish: /^\s*(?:full\s*name|name)\s*[:\-]\s*(.+)$/im,
  firstName: /^\s*(?:first\s*name|given\s*names?)\s*[:\-]\s*(.+)$/im,
  lastName: /^\s*(?:last\s*name|surname|family\s*name)\s*[:\-]\s*(.+)$/im,
  nationalIdOrPassport:
    /^\s*(?:passport\s*(?:no|number)|id\s*(?:no|number)|national\s*id)\.?\s*[:\-]\s*([A-Z0-9\-]+)/im,
  dateOfBirth: /^\s*(?:date\s*of\s*birth|birth\s*date|dob)\s*[:\-]\s*(.+)$/im,
  countryOfOrigin: /^\s*(?:nationality|country)\s*[:\-]\s*(.+)$/im,
  gender: /^\s*(?:sex|gender)\s*[:\-]\s*(\w+)/im,
  licenseNumber: /^\s*(?:licen[cs]e\s*(?:no|number|#)|dl\s*(?:no|number))\.?\s*[:\-]\s*([A-Z0-9\-]+)/im,
  licenseExpiryDate: /^\s*(?:licen[cs]e\s*expiry(?:\s*date)?)\s*[:\-]\s*(.+)$/im,
  expiry: /^\s*(?:expiry\s*date|date\s*of\s*expiry|expires|exp)\.?\s*[:\-]\s*(.+)$/im,
};

/** 'YYYY-MM-DD', 'DD/MM/YYYY', 'DD.MM.YYYY', 'DD-MM-YYYY' or '12 AUG 1974' → YYYY-MM-DD. */
export function labelledDate(s: string | undefined): string | undefined {
  if (!s) return undefined;
  const t = s.trim();
  let m = /^(\d{4})-(\d{2})-(\d{2})/.exec(t);
  if (m) return isCalendarDate(m[0]) ? m[0] : undefined;
  m = /^(\d{1,2})[/.\-](\d{1,2})[/.\-](\d{4})/.exec(t);
  if (m) {
    const d = `${m[3]}-${m[2].padStart(2, '0')}-${m[1].padStart(2, '0')}`;
    return isCalendarDate(d) ? d : undefined;
  }
  m = /^(\d{1,2})\s+([A-Za-z]{3})[a-z]*\s+(\d{4})/.exec(t);
  if (m) {
    const month =
      ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'].indexOf(m[2].toLowerCase()) +
      1;
    if (month > 0) {
      const d = `${m[3]}-${String(month).padStart(2, '0')}-${m[1].padStart(2, '0')}`;
      return isCalendarDate(d) ? d : undefined;
    }
  }
  return undefined;
}

export function readLabelledFields(text: string): IdScanResult | undefined {
  const get = (k: keyof typeof LABELS) => LABELS[k].exec(text)?.[1]?.trim();
  const isLicence = /driv(?:ing|er'?s?)\s*licen[cs]e/i.test(text) || !!get('licenseNumber');
  const fields: IdScanFields = {};
  const name = get('fullNameEnglish');
  const first = get('firstName');
  const last = get('lastName');
  if (name) fields.fullNameEnglish = titleCase(name);
  if (first) fields.firstName = titleCase(first);
  if (last) fields.lastName = titleCase(last);
  if (!fields.fullNameEnglish && (first || last))
    fields.fullNameEnglish = [fields.firstName, fields.lastName].filter(Boolean).join(' ');
  const id = get('nationalIdOrPassport');
  if (id) fields.nationalIdOrPassport = id.toUpperCase();
  const dob = labelledDate(get('dateOfBirth'));
  if (dob) fields.dateOfBirth = dob;
  const country = get('countryOfOrigin');
  if (country) fields.countryOfOrigin = titleCase(country);
  const sex = get('gender')?.toLowerCase();
  if (sex) fields.gender = sex.startsWith('f') ? 'female' : sex.startsWith('m') ? 'male' : 'other';
  const lic = get('licenseNumber');
  if (lic) fields.licenseNumber = lic.toUpperCase();
  const expiry = labelledDate(get('licenseExpiryDate') ?? get('expiry'));
  if (expiry && isLicence) fields.licenseExpiryDate = expiry;
  const found = Object.keys(fields).length;
  if (found === 0 || (!fields.fullNameEnglish && !fields.licenseNumber && !fields.nationalIdOrPassport))
    return undefined;
  return {
    fields,
    source: 'pdf-text',
    // Labelled text has no check digits: confidence grows with what was found, capped below an MRZ's.
    confidence: Math.min(0.8, Math.round((found / 6) * 100) / 100),
    documentType: isLicence ? 'driving_license' : 'unknown',
    documentExpiryDate: expiry,
  };
}
