/**
 * ZATCA (Saudi Arabia) phase-1 QR payload for simplified tax invoices: Base64 of five TLV
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

export function zatcaTlv(fields: ZatcaFields): Uint8Array {
  const values = [fields.sellerName, fields.vatNumber, fields.timestamp, fields.totalWithVat, fields.vatTotal].map(
    valueBytes,
  );
  const out = new Uint8Array(values.reduce((n, v) => n + 2 + v.length, 0));
  let at = 0;
  values.forEach((v, i) => {
    out[at++] = i + 1;
    out[at++] = v.length;
    out.set(v, at);
    at += v.length;
  });
  return out;
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
