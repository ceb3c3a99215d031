/**
 * CSV per RFC 4180 for report exports: CRLF line ends, fields quoted when they hold a comma,
 * quote, CR or LF (quotes doubled), and a UTF-8 byte-order mark first so spreadsheet programs
 * read Arabic names correctly.
 */
export const UTF8_BOM = '\uFEFF';

/**
 * One field. Numbers: an amount (`money`) always with two decimals (150.00); any other number as
 * it is — a count stays an integer (3, never 3.00, issue 27) — except a decimal with cents, which
 * gets its two places (1250.50).
 */
export function csvField(value: unknown, money = false): string {
  if (value === null || value === undefined) return '';
  const s = typeof value === 'number'
    ? (money || !Number.isInteger(value)) && Number.isInteger(Math.round(value * 100 * 1e6) / 1e6) ? value.toFixed(2) : String(value)
    : String(value);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** `opts.money[i]` marks column i as an amount column (two decimals always). */
export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[], opts: { money?: readonly boolean[] } = {}): string {
  return UTF8_BOM + [header.map((h) => csvField(h)), ...rows.map((r) => r.map((v, i) => csvField(v, opts.money?.[i] ?? false)))].map((r) => r.join(',')).join('\r\n') + '\r\n';
}
