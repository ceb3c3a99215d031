import type { Actor } from '../lib/actor';
import { auditItem } from '../lib/data/audit';
import { getItem, transact, tx } from '../lib/data/repo';
import { getObjectBytes } from '../lib/storage';
import { ocrImage, OcrUnavailable, repairMrzText } from '../lib/ocr';
import type { AnalysisProposal } from '../../shared/schemas/documents';
import { DOCUMENT_MESSAGES, DOCUMENT_TYPES, type DocumentType } from '../../shared/schemas/documents-constants';
import { idScanRules, sniffType } from './deps';
import { extractPdfText } from '../lib/pdf-text';
import { documentKey, searchTextOf, type DocumentItem } from './model';
import { versionIds } from './writes';
import { requireDocument } from './read';

/**
 * Document analysis (the spec's "AI analysis"), honestly (DESIGN.md §16): no model, no service.
 * 1. Text: the PDF's text layer; for an image OCR of its pixels with tesseract.js and the
 *    English model from the `@tesseract.js-data/eng` package (offline; no Arabic model), plus
 *    the text it carries (PNG text chunks, JPEG comment/XMP/EXIF) as a hint after it.
 * 2. Rules on that text: the machine-readable zone (passports, ID cards) through the `mrz`
 *    package with its check digits; labelled dates ("Expiry Date", "Valid until", "Issue Date")
 *    and numbers (VIN, plate, policy, licence); the document type from keywords; the issuer.
 * Each result is a proposal with a confidence and the text it came from; nothing is applied
 * until someone accepts it (PATCH). Statuses: processing → analyzed | failed (the analysis runs
 * within the request — a photo takes about a second — so 'queued' is never stored; bulk
 * "analyze all" runs them one after another).
 */
export const ANALYSIS_METHOD = 'text-layer+rules';
/** The most an MRZ field without a check digit (names, nationality) is trusted. */
export const MRZ_UNCHECKED_CONFIDENCE = 0.8;

const DATE = String.raw`(\d{4}-\d{2}-\d{2}|\d{1,2}[/.\-]\d{1,2}[/.\-]\d{4}|\d{1,2}\s+[A-Za-z]{3,9}\s+\d{4})`;
const LABELLED: { field: string; re: RegExp; confidence: number }[] = [
  {
    field: 'expiryDate',
    re: new RegExp(
      String.raw`(?:expiry|expiration|expires?|valid\s+(?:until|to|thru|through)|date\s+of\s+expiry)(?:\s+date)?\s*[:\-]?\s*${DATE}`,
      'i',
    ),
    confidence: 0.9,
  },
  {
    field: 'issueDate',
    re: new RegExp(
      String.raw`(?:issue|issued|date\s+of\s+issue|valid\s+from)(?:\s+(?:date|on))?\s*[:\-]?\s*${DATE}`,
      'i',
    ),
    confidence: 0.85,
  },
];
const NUMBERS: { field: string; re: RegExp; confidence: number }[] = [
  {
    field: 'vin',
    re: /\b(?:VIN|chassis|vehicle\s+identification)(?:\s+(?:no\.?|number|#))?\s*[:-]?\s*([A-HJ-NPR-Z0-9]{17})\b/i,
    confidence: 0.9,
  },
  {
    field: 'plate',
    re: /\b(?:plate|registration)\s*(?:no\.?|number)\s*[:-]?\s*([A-Z0-9][A-Z0-9 -]{1,12}[A-Z0-9])/i,
    confidence: 0.75,
  },
  {
    field: 'policyNumber',
    re: /\bpolicy\s*(?:no\.?|number|#)\s*[:-]?\s*([A-Z0-9][A-Z0-9\-/]{3,30})/i,
    confidence: 0.85,
  },
  {
    field: 'licenseNumber',
    re: /\blicen[cs]e\s*(?:no\.?|number|#)\s*[:-]?\s*([A-Z0-9][A-Z0-9\-/]{3,30})/i,
    confidence: 0.85,
  },
  {
    field: 'documentNumber',
    re: /\b(?:passport|document|card)\s*(?:no\.?|number|#)\s*[:-]?\s*([A-Z0-9]{6,12})\b/i,
    confidence: 0.8,
  },
  { field: 'issuer', re: /\b(?:issued\s+by|issuer|issuing\s+authority)\s*[:-]?\s*([^\n]{3,80})/i, confidence: 0.7 },
  { field: 'name', re: /\b(?:name|holder|insured)\s*[:-]\s*([A-Za-z][A-Za-z .'-]{2,60})/i, confidence: 0.6 },
];
const TYPE_WORDS: [DocumentType, RegExp][] = [
  ['insurance', /\binsurance\b|\bpolicy\b|\binsured\b/i],
  ['registration', /\bregistration\b|\bmulkiya\b|\bvehicle\s+licen[cs]e\b/i],
  ['license', /driv(?:ing|er'?s?)\s*licen[cs]e/i],
  ['inspection', /\binspection\b|\bpassing\s+test\b/i],
  ['permit', /\bpermit\b/i],
  ['certificate', /\bcertificate\b/i],
  ['rental_agreement', /rental\s+agreement/i],
  ['maintenance', /\b(?:service|maintenance)\s+(?:record|invoice|report)\b/i],
];

/**
 * The document's type: its title first (staff name a file "Mulkiya 2026" on purpose; a
 * registration card also prints "Insurance company", which made it an insurance document),
 * then the type word that comes FIRST in the text (the heading), not the first in our list.
 */
function documentTypeOf(title: string, text: string): AnalysisProposal | undefined {
  const inTitle = TYPE_WORDS.find(([, re]) => re.test(title));
  if (inTitle)
    return { field: 'documentType', value: inTitle[0], confidence: 0.9, evidence: `title: ${title.slice(0, 120)}` };
  let best: { type: DocumentType; at: number } | undefined;
  for (const [type, re] of TYPE_WORDS) {
    const m = re.exec(text);
    if (m && (!best || m.index < best.at)) best = { type, at: m.index };
  }
  return best && { field: 'documentType', value: best.type, confidence: 0.7, evidence: line(text, best.at) };
}

const VIN_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
const VIN_LETTERS: Record<string, number> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};
/** ISO 3779 / North American check digit (position 9); elsewhere it is optional. */
export function vinCheckDigitValid(vin: string): boolean {
  const sum = [...vin].reduce((s, c, i) => {
    const v = /\d/.test(c) ? Number(c) : (VIN_LETTERS[c] ?? 0);
    return s + v * VIN_WEIGHTS[i];
  }, 0);
  const check = sum % 11 === 10 ? 'X' : String(sum % 11);
  return vin[8] === check;
}

/** A VIN printed without a label: a 17-character token of VIN characters with letters and digits. */
function unlabelledVin(text: string): AnalysisProposal | undefined {
  const re = /\b([A-HJ-NPR-Z0-9]{17})\b/g;
  const upper = text.toUpperCase();
  for (let m = re.exec(upper); m; m = re.exec(upper)) {
    const v = m[1];
    if (!/\d/.test(v) || !/[A-Z]/.test(v)) continue;
    return { field: 'vin', value: v, confidence: vinCheckDigitValid(v) ? 0.8 : 0.6, evidence: line(text, m.index) };
  }
  return undefined;
}

const line = (text: string, at: number) => {
  const s = text.lastIndexOf('\n', at) + 1;
  const e = text.indexOf('\n', at);
  return text
    .slice(s, e < 0 ? undefined : e)
    .trim()
    .slice(0, 160);
};

/**
 * The proposals rules find in a document's text (exported for unit tests). The rules (with the MRZ parser) are a lazy
 * chunk.
 */
export async function proposalsFromText(text: string, today = new Date(), title = ''): Promise<AnalysisProposal[]> {
  const { labelledDate, readMrz } = await idScanRules();
  const out: AnalysisProposal[] = [];
  const mrz = readMrz(text, today);
  if (mrz) {
    const conf = Math.round(mrz.confidence * 100) / 100;
    const evidence = (mrz.rawMrz ?? []).join(' ');
    if (mrz.documentExpiryDate)
      out.push({ field: 'expiryDate', value: mrz.documentExpiryDate, confidence: conf, evidence });
    if (mrz.fields.nationalIdOrPassport)
      out.push({ field: 'documentNumber', value: mrz.fields.nationalIdOrPassport, confidence: conf, evidence });
    // Names and the nationality have no check digit: passing check digits on the numbers and
    // dates say nothing about them, so they are never shown as certain.
    const unchecked = Math.min(conf, MRZ_UNCHECKED_CONFIDENCE);
    if (mrz.fields.fullNameEnglish)
      out.push({ field: 'name', value: mrz.fields.fullNameEnglish, confidence: unchecked, evidence });
    if (mrz.fields.countryOfOrigin)
      out.push({ field: 'issuer', value: mrz.fields.countryOfOrigin, confidence: unchecked, evidence });
  }
  for (const r of LABELLED) {
    if (out.some((p) => p.field === r.field)) continue;
    const m = r.re.exec(text);
    const date = labelledDate(m?.[1]);
    if (m && date) out.push({ field: r.field, value: date, confidence: r.confidence, evidence: line(text, m.index) });
  }
  for (const r of NUMBERS) {
    if (out.some((p) => p.field === r.field)) continue;
    const m = r.re.exec(text);
    if (m) out.push({ field: r.field, value: m[1].trim(), confidence: r.confidence, evidence: line(text, m.index) });
  }
  if (!out.some((p) => p.field === 'vin')) {
    const vin = unlabelledVin(text);
    if (vin) out.push(vin);
  }
  const typed = documentTypeOf(title, text);
  if (typed) out.push(typed);
  else if (mrz) {
    out.push({
      field: 'documentType',
      value: 'other',
      confidence: 0.6,
      evidence: 'machine-readable zone (passport or ID card)',
    });
  }
  return out.filter((p) => p.field !== 'documentType' || (DOCUMENT_TYPES as readonly string[]).includes(p.value));
}

export class AnalysisFailed extends Error {}

/**
 * Text of a stored file and how it was read: the PDF text layer; for images OCR of the pixels
 * (tesseract.js, English model from npm, functions/lib/ocr.ts) ALWAYS runs, and the text the
 * image carries in its metadata (PNG text chunks, JPEG comment/XMP/EXIF) is only added after it
 * as a hint: metadata is often a camera or editor note ("Software: …"), never a reason to skip
 * reading the photo itself. Without OCR in the deployment the metadata text is all there is.
 */
export async function textOf(body: Buffer): Promise<{ text: string; method: string }> {
  const type = sniffType(body);
  if (type === 'application/pdf') return { text: await extractPdfText(body), method: 'pdf-text-layer+rules' };
  if (type !== 'image/png' && type !== 'image/jpeg') return { text: '', method: 'none' };
  const carried = (await idScanRules()).imageText(body).trim();
  let read = '';
  try {
    read = repairMrzText((await ocrImage(body)).text).trim();
  } catch (err) {
    if (!(err instanceof OcrUnavailable)) throw err;
    if (!carried) throw new AnalysisFailed(err.message);
  }
  const method = read
    ? carried
      ? 'ocr-tesseract-eng+image-text+rules'
      : 'ocr-tesseract-eng+rules'
    : 'image-text-chunks+rules';
  return { text: [read, carried].filter(Boolean).join('\n'), method };
}

const REASON_NO_TEXT =
  'No text found: the PDF has no text layer, or OCR read no text in the image; enter the fields by hand';
const REASON_NOTHING = 'Text was read but no dates, numbers or type were recognised';

/**
 * Analysis always reads the CURRENT file: asked for an older version (a dialog opened before
 * "Replace file", a stale link), it analyses the latest version of the same chain instead, and
 * answers that version (its id tells the caller which one it is).
 */
async function currentVersion(actor: Actor, doc: DocumentItem): Promise<DocumentItem> {
  if (doc.isLatest) return doc;
  const [latestId] = await versionIds(actor.tenantId, doc.rootDocumentId);
  return latestId && latestId !== doc.id ? requireDocument(actor, latestId) : doc;
}

/** Analyze one document now: processing → analyzed (proposals) or failed (reason). */
export async function analyzeDocument(actor: Actor, requestedId: string): Promise<DocumentItem> {
  let doc = await currentVersion(actor, await requireDocument(actor, requestedId));
  const id = doc.id;
  const key = documentKey(actor.tenantId, id);
  await transact([tx.update(key, doc.version, { analysisStatus: 'processing', analysisError: undefined })]);
  doc = (await getItem(key)) as DocumentItem;
  let changes: Record<string, unknown>;
  let method = ANALYSIS_METHOD;
  try {
    const file = await getObjectBytes(doc.fileKey);
    const read = file ? await textOf(file.body) : { text: '', method: ANALYSIS_METHOD };
    method = read.method;
    const text = read.text;
    if (!text.trim()) throw new AnalysisFailed(REASON_NO_TEXT);
    const proposals = await proposalsFromText(text, new Date(), doc.title);
    if (!proposals.length) throw new AnalysisFailed(REASON_NOTHING);
    const extractedText = text.slice(0, 3000);
    changes = {
      analysisStatus: 'analyzed',
      analysisMethod: method,
      analysisProposals: proposals,
      extractedText,
      searchText: searchTextOf(doc, extractedText),
      analyzedAt: new Date().toISOString(),
    };
  } catch (err) {
    if (!(err instanceof AnalysisFailed)) throw err;
    changes = {
      analysisStatus: 'failed',
      analysisMethod: method,
      analysisError: `${DOCUMENT_MESSAGES.analyzeFailed}: ${err.message}`,
      analysisProposals: [],
    };
  }
  await transact([
    tx.update(key, doc.version, changes),
    tx.putNew(auditItem(actor, 'document.analyze', 'document', id, { note: String(changes.analysisStatus) })),
  ]);
  return (await getItem(key)) as DocumentItem;
}
