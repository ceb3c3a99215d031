/**
 * CSV per RFC 4180 for report exports: CRLF line ends, fields quoted when they hold a comma,
 * quote, CR or LF (quotes doubled), and a UTF-8 byte-order mark first so spreadsheet programs
 * read Arabic names correctly.
 */
export const UTF8_BOM = '\uFEFF';

export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  const s = typeof value === 'number' ? (Number.isInteger(value * 100) ? value.toFixed(2) : String(value)) : String(value);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return UTF8_BOM + [header, ...rows].map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';
}
