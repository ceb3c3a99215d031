/**
 * The one CSV module (issue 28): every export writes through `toCsv`, every import reads through
 * `parseCsv`.
 *
 * Writing, RFC 4180: CRLF line ends, fields quoted when they hold a comma, quote, CR or LF (quotes
 * doubled), and a UTF-8 byte-order mark first so spreadsheet programs read Arabic names correctly.
 * Formula guard (OWASP "CSV injection"): a text cell starting with = + - @, a tab or a CR is
 * prefixed with ' so a spreadsheet shows it as text instead of running it. Numbers are not text:
 * a negative amount stays -150.00.
 */
export const UTF8_BOM = '\uFEFF';

/**
 * One field. Numbers: an amount (`money`) always with two decimals (150.00); any other number as
 * it is — a count stays an integer (3, never 3.00, issue 27) — except a decimal with cents, which
 * gets its two places (1250.50).
 */
export function csvField(value: unknown, money = false): string {
  if (value === null || value === undefined) return '';
  const s =
    typeof value === 'number'
      ? (money || !Number.isInteger(value)) && Number.isInteger(Math.round(value * 100 * 1e6) / 1e6)
        ? value.toFixed(2)
        : String(value)
      : guardFormula(String(value));
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell a spreadsheet would read as a formula, made plain text with a leading '. */
export function guardFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** `opts.money[i]` marks column i as an amount column (two decimals always). */
export function toCsv(
  header: readonly string[],
  rows: readonly (readonly unknown[])[],
  opts: { money?: readonly boolean[] } = {},
): string {
  return (
    UTF8_BOM +
    [header.map((h) => csvField(h)), ...rows.map((r) => r.map((v, i) => csvField(v, opts.money?.[i] ?? false)))]
      .map((r) => r.join(','))
      .join('\r\n') +
    '\r\n'
  );
}

/** Reading, RFC 4180: quoted fields, doubled quotes, CRLF or LF; a leading BOM is dropped; blank rows skipped. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const s = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (quoted) {
      if (c === '"' && s[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && s[i + 1] === '\n') i++;
      row.push(field);
      field = '';
      if (row.some((f) => f.trim() !== '')) rows.push(row);
      row = [];
    } else field += c;
  }
  row.push(field);
  if (row.some((f) => f.trim() !== '')) rows.push(row);
  return rows;
}
