/**
 * A file's real type from its first bytes. Apart from the MRZ rules (./extract.ts, which imports
 * the `mrz` parser), so documents' upload check (through customers/api.ts) does not load the parser.
 */
export type ScanContentType = 'application/pdf' | 'image/png' | 'image/jpeg';

/** The file's real type from its first bytes (the declared content type must agree). */
export function sniffType(buf: Buffer): ScanContentType | undefined {
  if (buf.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (buf.length > 8 && buf.readUInt32BE(0) === 0x89504e47) return 'image/png';
  if (buf.length > 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'image/jpeg';
  return undefined;
}
