/**
 * IBAN checks (ISO 13616) for the company's bank accounts (issue 10): the country code, the
 * country's fixed length where we know it (the product's regions and their usual partners), and
 * the mod-97 check — the two check digits catch every single-character typo and almost every swap.
 */
export const IBAN_MESSAGES = {
  required: 'IBAN is required',
  format: 'An IBAN starts with a two-letter country code and two check digits, followed by letters and digits',
  length: 'This IBAN does not have the length of its country',
  checksum: "This IBAN's check digits do not match: check it for a typo",
} as const;

/** IBAN lengths by country (SWIFT IBAN registry). Other countries: 15–34 characters. */
export const IBAN_LENGTHS: Record<string, number> = {
  AE: 23,
  SA: 24,
  JO: 30,
  BH: 22,
  KW: 30,
  QA: 29,
  OM: 23,
  EG: 29,
  LB: 28,
  TR: 26,
  PK: 24,
  IQ: 23,
  PS: 29,
  GB: 22,
  DE: 22,
  FR: 27,
  IT: 27,
  ES: 24,
  NL: 18,
  BE: 16,
  CH: 21,
  AT: 20,
  IE: 22,
  PT: 25,
  LU: 20,
  SE: 24,
  NO: 15,
  DK: 18,
  FI: 18,
  PL: 28,
};

/** Spaces and hyphens removed, upper case (how IBANs are stored and compared). */
export const normalizeIban = (value: string) => value.replace(/[\s-]+/g, '').toUpperCase();

/** Groups of four for display ("AE07 0331 2345 6789 0123 456"). */
export const formatIban = (iban: string) => normalizeIban(iban).replace(/(.{4})(?=.)/g, '$1 ');

/** ISO 7064 mod 97-10 over the rearranged IBAN (letters as 10–35), piecewise so no big integers are needed. */
export function ibanMod97(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const ch of rearranged) {
    const v = ch >= 'A' && ch <= 'Z' ? String(ch.charCodeAt(0) - 55) : ch;
    for (const d of v) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest;
}

/** The message of the first check an IBAN fails, or null when it is valid. */
export function ibanProblem(value: string): string | null {
  const iban = normalizeIban(value);
  if (!iban) return IBAN_MESSAGES.required;
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return IBAN_MESSAGES.format;
  const expected = IBAN_LENGTHS[iban.slice(0, 2)];
  if (expected ? iban.length !== expected : iban.length < 15 || iban.length > 34) return IBAN_MESSAGES.length;
  return ibanMod97(iban) === 1 ? null : IBAN_MESSAGES.checksum;
}
