/**
 * ZATCA (Saudi Arabia) QR payloads. Phase 1 (below) is the one the PDF draws today; phase 2
 * (zatcaPhase2Tlv) adds the cryptographic stamp's tags 6–9 (shared/einvoicing/ksa/stamp.ts).
 *
 * Phase-1 QR payload for simplified tax invoices: Base64 of five TLV
 * records — tag (1 byte), length (1 byte, the value's length in UTF-8 BYTES, so an Arabic seller
 * name counts 2 bytes per letter), value (UTF-8):
 *   1 seller name · 2 VAT registration number · 3 invoice timestamp (ISO 8601)
 *   4 invoice total with VAT · 5 VAT total (decimals with two places, e.g. "1150.00").
 * Each value is at most 255 bytes (one length byte); longer names are cut at a character edge.
 */
export interface ZatcaFields {
  sellerName: string;
  vatNumber: string;
  /** ISO 8601, e.g. 2026-11-26T09:30:00Z. */
  timestamp: string;
  totalWithVat: string;
  vatTotal: string;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** UTF-8 bytes of `value`, cut to at most 255 bytes without splitting a character. */
function valueBytes(value: string): Uint8Array {
  let bytes = encoder.encode(value);
  if (bytes.length <= 255) return bytes;
  let cut = value;
  while (bytes.length > 255) {
    cut = Array.from(cut).slice(0, -1).join('');
    bytes = encoder.encode(cut);
  }
  return bytes;
}

/** TLV bytes of records in the given order (tag 1 byte, length 1 byte, value); a value must fit 255 bytes. */
export function tlvEncode(records: { tag: number; value: Uint8Array }[]): Uint8Array {
  const out = new Uint8Array(records.reduce((n, r) => n + 2 + r.value.length, 0));
  let at = 0;
  for (const { tag, value } of records) {
    if (value.length > 255)
      throw new Error(`ZATCA QR tag ${tag}: ${value.length} bytes, at most 255 fit one length byte`);
    out[at++] = tag;
    out[at++] = value.length;
    out.set(value, at);
    at += value.length;
  }
  return out;
}

const phase1Values = (fields: ZatcaFields): Uint8Array[] =>
  [fields.sellerName, fields.vatNumber, fields.timestamp, fields.totalWithVat, fields.vatTotal].map(valueBytes);

export function zatcaTlv(fields: ZatcaFields): Uint8Array {
  return tlvEncode(phase1Values(fields).map((value, i) => ({ tag: i + 1, value })));
}

/**
 * ZATCA phase-2 QR (the cryptographic stamp's QR): tags 1–5 as in phase 1, then
 *   6 invoice hash (its Base64 text) · 7 ECDSA signature (its Base64 text) · 8 the public key (DER
 *   SubjectPublicKeyInfo bytes) · 9 simplified documents only: the signature the CA put on the
 *   certificate (the certificate's signatureValue bytes).
 * Tags 6–9 are written as they are, never cut: a value over 255 bytes throws.
 */
export interface ZatcaPhase2Fields extends ZatcaFields {
  invoiceHash: string;
  signature: string;
  publicKey: Uint8Array;
  /** Only for simplified invoices and their notes; standard documents carry 8 tags. */
  certificateSignature?: Uint8Array | null;
}

export function zatcaPhase2Tlv(fields: ZatcaPhase2Fields): Uint8Array {
  const values = [
    ...phase1Values(fields),
    encoder.encode(fields.invoiceHash),
    encoder.encode(fields.signature),
    fields.publicKey,
  ];
  if (fields.certificateSignature) values.push(fields.certificateSignature);
  return tlvEncode(values.map((value, i) => ({ tag: i + 1, value })));
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** The QR code's text: Base64 of the TLV bytes. */
export const zatcaQrPayload = (fields: ZatcaFields): string => toBase64(zatcaTlv(fields));

/** The phase-2 QR code's text: Base64 of the TLV bytes with tags 1–8 (or 1–9). */
export const zatcaPhase2QrPayload = (fields: ZatcaPhase2Fields): string => toBase64(zatcaPhase2Tlv(fields));

/** Decodes a payload into its records with their raw bytes (tags 8 and 9 are binary). */
export function decodeZatcaTlv(payload: string): { tag: number; bytes: Uint8Array }[] {
  const bytes = fromBase64(payload);
  const records: { tag: number; bytes: Uint8Array }[] = [];
  for (let at = 0; at < bytes.length; ) {
    const length = bytes[at + 1];
    if (length === undefined || at + 2 + length > bytes.length) throw new Error('ZATCA QR: truncated TLV record');
    records.push({ tag: bytes[at], bytes: bytes.slice(at + 2, at + 2 + length) });
    at += 2 + length;
  }
  return records;
}

/** Decodes a payload into its records (tag → UTF-8 value), for tests and verification. */
export function decodeZatcaPayload(payload: string): { tag: number; length: number; value: string }[] {
  const bytes = fromBase64(payload);
  const records: { tag: number; length: number; value: string }[] = [];
  for (let at = 0; at < bytes.length; ) {
    const tag = bytes[at];
    const length = bytes[at + 1];
    records.push({ tag, length, value: decoder.decode(bytes.slice(at + 2, at + 2 + length)) });
    at += 2 + length;
  }
  return records;
}
