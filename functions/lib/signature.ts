/**
 * Signatures drawn on screen arrive as PNG data URLs (shared/schemas/signature.ts checks the
 * form). Before a signature is stored or drawn into a PDF its bytes must be a real PNG: the
 * 8-byte signature, an IHDR chunk first with a sane size, and the IEND chunk last. Anything else
 * is refused as bad input (400), never left to fail inside the PDF writer (500).
 */
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
export const SIGNATURE_MAX_PIXELS = 4000;

export function readSignaturePng(dataUrl: string): Buffer | null {
  const comma = dataUrl.indexOf(',');
  if (comma < 0) return null;
  const bytes = Buffer.from(dataUrl.slice(comma + 1), 'base64');
  if (bytes.length < 8 + 25 + 12) return null;
  if (PNG_MAGIC.some((b, i) => bytes[i] !== b)) return null;
  if (bytes.readUInt32BE(8) !== 13 || bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  if (width < 1 || height < 1 || width > SIGNATURE_MAX_PIXELS || height > SIGNATURE_MAX_PIXELS) return null;
  if (bytes.toString('latin1', bytes.length - 8, bytes.length - 4) !== 'IEND') return null;
  return bytes;
}
