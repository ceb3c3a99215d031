/**
 * Customer blacklist matching: normalise licence numbers, phone numbers and names (English and
 * Arabic) so that the same person written differently still matches.
 *
 * Decisions:
 * - Entries with status 'active' or 'reviewed' match ('reviewed' means a manager looked at the
 *   entry and kept it); 'removed' entries never match.
 * - A match carries every reason found: 'license', 'phone', 'name'. Licence and phone are strong
 *   identifiers; a name alone is weak (names repeat), so each match says `strong`. Blacklist mode
 *   defaults to "warning", so erring towards a warning is the safe side.
 * - Empty values never match (an empty licence must not match every empty licence).
 * - Arabic-Indic (٠-٩) and Persian (۰-۹) digits are read as 0-9 in licences and phones.
 *
 * Phone rule (documented in normalizePhone): numbers are reduced to a comparable NATIONAL form, so
 * "+971 50 123 4567", "00971501234567" and "050 123 4567" are the same. The country code is not
 * kept, so the same national number in two of the four countries compares equal; for a warning
 * that is acceptable, and it avoids missing a match when staff typed the number without +971.
 */

export const BLACKLIST_STATUSES = ['active', 'reviewed', 'removed'] as const;
export type BlacklistStatus = (typeof BLACKLIST_STATUSES)[number];
/** Statuses whose entries are checked. */
export const BLACKLIST_MATCHING_STATUSES: readonly BlacklistStatus[] = ['active', 'reviewed'];

/** Country calling codes of the four markets: UAE, Saudi Arabia, Jordan, USA/Canada. */
export const COUNTRY_CALLING_CODES = ['971', '966', '962', '1'] as const;

/** Minimum digits for a phone number to be compared at all (shorter is junk or an extension). */
export const MIN_PHONE_DIGITS = 7;

// ---------------------------------------------------------------------------------------------
// Normalisation
// ---------------------------------------------------------------------------------------------

/** Arabic-Indic and Extended Arabic-Indic (Persian) digits → ASCII digits. */
export function toLatinDigits(s: string): string {
  return s.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => String((d.charCodeAt(0) & 0xf) % 10));
}

const DASHES = /[\s\-\u2010-\u2015\u2212\u00AD_]+/g;

/** Licence number: digits to Latin, compatibility forms folded (NFKC), spaces and dashes removed, upper case. */
export function normalizeLicense(license: string | null | undefined): string {
  if (!license) return '';
  return toLatinDigits(license.normalize('NFKC')).replace(DASHES, '').toUpperCase();
}

/**
 * Phone number to a comparable national form:
 * 1. Arabic digits → Latin; note whether it was written internationally (leading "+" or "00").
 * 2. Keep digits only; drop the "00" international prefix.
 * 3. Drop a country code 971, 966, 962 or 1: always when written internationally; without a
 *    prefix only when the number is long enough to include one (971/966/962 and ≥ 11 digits, or
 *    1 and exactly 11 digits) — so a US area code 971 in a 10-digit number is kept.
 * 4. Drop leading zeros (the trunk prefix "0" of local numbers, also "+971 (0)50…").
 * "+971 50 123 4567", "00971501234567", "0501234567" → "501234567"; "+1 (212) 555-0100" and
 * "212-555-0100" → "2125550100". Unknown country codes after "+" are kept as part of the number.
 */
export function normalizePhone(phone: string | null | undefined): string {
  if (!phone) return '';
  const s = toLatinDigits(phone.normalize('NFKC')).trim();
  let digits = s.replace(/\D/g, '');
  let international = s.startsWith('+');
  if (!international && digits.startsWith('00')) {
    international = true;
    digits = digits.slice(2);
  }
  const cc = COUNTRY_CALLING_CODES.find((c) => digits.startsWith(c));
  if (cc) {
    const stripIt = international || (cc === '1' ? digits.length === 11 : digits.length >= 11);
    if (stripIt) digits = digits.slice(cc.length);
  }
  return digits.replace(/^0+/, '');
}

/** Latin letters that do not decompose under NFKD. */
const LATIN_FOLD: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  ı: 'i',
  þ: 'th',
  ħ: 'h',
};

/** Arabic letter variants unified for matching. */
const ARABIC_FOLD: Record<string, string> = {
  أ: 'ا', // alef with hamza above
  إ: 'ا', // alef with hamza below
  آ: 'ا', // alef with madda
  ٱ: 'ا', // alef wasla
  ى: 'ي', // alef maksura → yeh
  ی: 'ي', // Farsi yeh → Arabic yeh
  ئ: 'ي', // yeh with hamza
  ة: 'ه', // teh marbuta → heh
  ؤ: 'و', // waw with hamza
  ک: 'ك', // keheh → kaf
};
const ARABIC_FOLD_RE = new RegExp(`[${Object.keys(ARABIC_FOLD).join('')}]`, 'g');

/**
 * Full name for matching (English or Arabic), in this order:
 * unify Arabic letter forms (أ إ آ ٱ → ا, ى ی ئ → ي, ة → ه, ؤ → و, ک → ك); NFKD (splits Latin
 * accents, Arabic presentation forms and ligatures); remove every combining mark (Latin
 * diacritics, Arabic tashkeel/harakat, shadda, sukun, superscript alef, Quranic marks) and
 * tatweel (ـ); fold ß æ œ ø đ ł ı…; lower case; remove apostrophes (O'Brien = OBrien);
 * every other non-letter/non-digit (hyphens, dots, commas) becomes a space; collapse whitespace.
 * 'José' → 'jose', 'Mohammed Al-Hashimi' → 'mohammed al hashimi', 'مُحَمَّد' → 'محمد'.
 */
export function normalizeName(name: string | null | undefined): string {
  if (!name) return '';
  let s = name.replace(ARABIC_FOLD_RE, (c) => ARABIC_FOLD[c]);
  s = s
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/\u0640/g, '');
  s = s.replace(ARABIC_FOLD_RE, (c) => ARABIC_FOLD[c]); // forms produced by NFKD of presentation forms
  s = s.toLowerCase().replace(/[ßæœøđðłıþħ]/g, (c) => LATIN_FOLD[c]);
  s = toLatinDigits(s).replace(/['’‘ʼ`´]/g, '');
  return s.replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

/**
 * The key two names are compared on: normalizeName without spaces, so "Abdul Rahman" =
 * "Abdulrahman" and "عبد الله" = "عبدالله".
 */
export function nameKey(name: string | null | undefined): string {
  return normalizeName(name).replace(/ /g, '');
}

// ---------------------------------------------------------------------------------------------
// Matching
// ---------------------------------------------------------------------------------------------

export interface BlacklistEntryLike {
  fullName?: string | null;
  licenseNumber?: string | null;
  phoneNumber?: string | null;
  status: BlacklistStatus | string;
}

export interface BlacklistCustomer {
  fullNameEnglish?: string | null;
  fullNameArabic?: string | null;
  licenseNumber?: string | null;
  phone?: string | null;
}

export type BlacklistMatchReason = 'license' | 'phone' | 'name';

export interface BlacklistMatch<T extends BlacklistEntryLike> {
  entry: T;
  /** Every field that matched, in the order license, phone, name. */
  reasons: BlacklistMatchReason[];
  /** True when the licence or phone matched (a name alone is a weak signal). */
  strong: boolean;
}

/** Whether an entry's status is checked ('active' or 'reviewed'; never 'removed'). */
export function isMatchingStatus(status: string): boolean {
  return (BLACKLIST_MATCHING_STATUSES as readonly string[]).includes(status);
}

/**
 * The blacklist entries a customer matches, in the entries' order, each with its reasons:
 * 'license' when normalizeLicense values are equal and non-empty; 'phone' when normalizePhone
 * values are equal and have at least 7 digits; 'name' when the entry's fullName has the same
 * nameKey as the customer's English or Arabic name. Only 'active' and 'reviewed' entries count.
 */
export function matchBlacklist<T extends BlacklistEntryLike>(
  customer: BlacklistCustomer,
  entries: readonly T[],
): BlacklistMatch<T>[] {
  const license = normalizeLicense(customer.licenseNumber);
  const phone = normalizePhone(customer.phone);
  const names = [nameKey(customer.fullNameEnglish), nameKey(customer.fullNameArabic)].filter((n) => n !== '');
  const matches: BlacklistMatch<T>[] = [];
  for (const entry of entries) {
    if (!isMatchingStatus(entry.status)) continue;
    const reasons: BlacklistMatchReason[] = [];
    if (license !== '' && normalizeLicense(entry.licenseNumber) === license) reasons.push('license');
    if (phone.length >= MIN_PHONE_DIGITS && normalizePhone(entry.phoneNumber) === phone) reasons.push('phone');
    const entryName = nameKey(entry.fullName);
    if (entryName !== '' && names.includes(entryName)) reasons.push('name');
    if (reasons.length > 0)
      matches.push({ entry, reasons, strong: reasons.includes('license') || reasons.includes('phone') });
  }
  return matches;
}
