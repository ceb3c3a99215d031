import type { Actor } from '../lib/actor';
import { auditItem } from '../lib/data/audit';
import { getItem, transact, tx } from '../lib/data/repo';
import { getObjectBytes } from '../lib/storage';
import { ocrImage, OcrUnavailable, repairMrzText } from '../lib/ocr';
import { DOCUMENT_MESSAGES, DOCUMENT_TYPES, type AnalysisProposal, type DocumentType } from '../../shared/schemas/documents';
import { extractPdfText, idScanRules, imageText, sniffType } from './deps';
import { documentKey, searchTextOf, type DocumentItem } from './model';
import { requireDocument } from './writes';

/**
 * Document analysis (the spec's "AI analysis"), honestly (DESIGN.md §16): no model, no service.
 * 1. Text: the PDF's text layer; for an image the text it carries (PNG text chunks, JPEG
 *    comment/XMP/EXIF — what scanner apps write), else OCR of its pixels with tesseract.js and
 *    the English model from the `@tesseract.js-data/eng` package (offline; no Arabic model).
 * 2. Rules on that text: the machine-readable zone (passports, ID cards) through the `mrz`
 *    package with its check digits; labelled dates ("Expiry Date", "Valid until", "Issue Date")
 *    and numbers (VIN, plate, policy, licence); the document type from keywords; the issuer.
 * Each result is a proposal with a confidence and the text it came from; nothing is applied
 * until someone accepts it (PATCH). Statuses: processing → analyzed | failed (the analysis runs
 * within the request — a photo takes about a second — so 'queued' is never stored; bulk
 * "analyze all" runs them one after another).
 */
export const ANALYSIS_METHOD = 'text-layer+rules';

const DATE = String.raw`(\d{4}-\d{2}-\d{2}|\d{1,2}[/.\-]\d{1,2}[/.\-]\d{4}|\d{1,2}\s+[A-Za-z]{3,9}\s+\d{4})`;
const LABELLED: { field: string; re: RegExp; confidence: number }[] = [
  { field: 'expiryDate', re: new RegExp(String.raw`(?:expiry|expiration|expires?|valid\s+(?:until|to|thru|through)|date\s+of\s+expiry)(?:\s+date)?\s*[:\-]?\s*${DATE}`, 'i'), confidence: 0.9 },
  { field: 'issueDate', re: new RegExp(String.raw`(?:issue|issued|date\s+of\s+issue|valid\s+from)(?:\s+(?:date|on))?\s*[:\-]?\s*${DATE}`, 'i'), confidence: 0.85 },
];
const NUMBERS: { field: string; re: RegExp; confidence: number }[] = [
  { field: 'vin', re: /\b(?:VIN|chassis(?:\s+no\.?)?)\s*[:\-]?\s*([A-HJ-NPR-Z0-9]{17})\b/i, confidence: 0.9 },
  { field: 'plate', re: /\b(?:plate|registration)\s*(?:no\.?|number)\s*[:\-]?\s*([A-Z0-9][A-Z0-9 \-]{1,12}[A-Z0-9])/i, confidence: 0.75 },
  { field: 'policyNumber', re: /\bpolicy\s*(?:no\.?|number|#)\s*[:\-]?\s*([A-Z0-9][A-Z0-9\-/]{3,30})/i, confidence: 0.85 },
  { field: 'licenseNumber', re: /\blicen[cs]e\s*(?:no\.?|number|#)\s*[:\-]?\s*([A-Z0-9][A-Z0-9\-/]{3,30})/i, confidence: 0.85 },
  { field: 'documentNumber', re: /\b(?:passport|document|card)\s*(?:no\.?|number|#)\s*[:\-]?\s*([A-Z0-9]{6,12})\b/i, confidence: 0.8 },
  { field: 'issuer', re: /\b(?:issued\s+by|issuer|issuing\s+authority)\s*[:\-]?\s*([^\n]{3,80})/i, confidence: 0.7 },
  { field: 'name', re: /\b(?:name|holder|insured)\s*[:\-]\s*([A-Za-z][A-Za-z .'\-]{2,60})/i, confidence: 0.6 },
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

const line = (text: string, at: number) => {
  const s = text.lastIndexOf('\n', at) + 1;
  const e = text.indexOf('\n', at);
  return text.slice(s, e < 0 ? undefined : e).trim().slice(0, 160);
};

/** The proposals rules find in a document's text (exported for unit tests). The rules (with the MRZ parser) are a lazy chunk. */
export async function proposalsFromText(text: string, today = new Date()): Promise<AnalysisProposal[]> {
  const { labelledDate, readMrz } = await idScanRules();
  const out: AnalysisProposal[] = [];
  const mrz = readMrz(text, today);
  if (mrz) {
    const conf = Math.round(mrz.confidence * 100) / 100;
    const evidence = (mrz.rawMrz ?? []).join(' ');
    if (mrz.documentExpiryDate) out.push({ field: 'expiryDate', value: mrz.documentExpiryDate, confidence: conf, evidence });
    if (mrz.fields.nationalIdOrPassport) out.push({ field: 'documentNumber', value: mrz.fields.nationalIdOrPassport, confidence: conf, evidence });
    if (mrz.fields.fullNameEnglish) out.push({ field: 'name', value: mrz.fields.fullNameEnglish, confidence: conf, evidence });
    if (mrz.fields.countryOfOrigin) out.push({ field: 'issuer', value: mrz.fields.countryOfOrigin, confidence: conf, evidence });
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
  const typed = TYPE_WORDS.find(([, re]) => re.test(text));
  if (typed) {
    const m = typed[1].exec(text)!;
    out.push({ field: 'documentType', value: typed[0], confidence: 0.7, evidence: line(text, m.index) });
  } else if (mrz) {
    out.push({ field: 'documentType', value: 'other', confidence: 0.6, evidence: 'machine-readable zone (passport or ID card)' });
  }
  return out.filter((p) => p.field !== 'documentType' || (DOCUMENT_TYPES as readonly string[]).includes(p.value));
}

export class AnalysisFailed extends Error {}

/**
 * Text of a stored file and how it was read: the PDF text layer; for images the text they carry,
 * else OCR of the pixels (tesseract.js, English model from npm, functions/lib/ocr.ts).
 */
export async function textOf(body: Buffer): Promise<{ text: string; method: string }> {
  const type = sniffType(body);
  if (type === 'application/pdf') return { text: extractPdfText(body), method: 'pdf-text-layer+rules' };
  if (type !== 'image/png' && type !== 'image/jpeg') return { text: '', method: 'none' };
  const carried = imageText(body);
  if (carried.trim()) return { text: carried, method: 'image-text-chunks+rules' };
  try {
    const { text } = await ocrImage(body);
    return { text: repairMrzText(text), method: 'ocr-tesseract-eng+rules' };
  } catch (err) {
    if (err instanceof OcrUnavailable) throw new AnalysisFailed(err.message);
    throw err;
  }
}

const REASON_NO_TEXT = 'No text found: the PDF has no text layer, or OCR read no text in the image; enter the fields by hand';
const REASON_NOTHING = 'Text was read but no dates, numbers or type were recognised';

/** Analyze one document now: processing → analyzed (proposals) or failed (reason). */
export async function analyzeDocument(actor: Actor, id: string): Promise<DocumentItem> {
  let doc = await requireDocument(actor, id);
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
    const proposals = await proposalsFromText(text);
    if (!proposals.length) throw new AnalysisFailed(REASON_NOTHING);
    const extractedText = text.slice(0, 3000);
    changes = { analysisStatus: 'analyzed', analysisMethod: method, analysisProposals: proposals, extractedText, searchText: searchTextOf(doc, extractedText), analyzedAt: new Date().toISOString() };
  } catch (err) {
    if (!(err instanceof AnalysisFailed)) throw err;
    changes = { analysisStatus: 'failed', analysisMethod: method, analysisError: `${DOCUMENT_MESSAGES.analyzeFailed}: ${err.message}`, analysisProposals: [] };
  }
  await transact([
    tx.update(key, doc.version, changes),
    tx.putNew(auditItem(actor, 'document.analyze', 'document', id, { note: String(changes.analysisStatus) })),
  ]);
  return (await getItem(key)) as DocumentItem;
}
