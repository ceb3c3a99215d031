/**
 * Company slugs (tenants.slug, unique): lower-case ASCII words joined by '-', made from the
 * company name. Arabic letters are transliterated with a simple one-letter-to-Latin table (good
 * enough for a URL-ish handle; people never type it); a name with nothing usable falls back to
 * "company". Uniqueness is settled by the caller with -2, -3… suffixes.
 */
const ARABIC: Record<string, string> = {
  ا: 'a',
  أ: 'a',
  إ: 'i',
  آ: 'a',
  ٱ: 'a',
  ء: '',
  ؤ: 'u',
  ئ: 'i',
  ب: 'b',
  ت: 't',
  ث: 'th',
  ج: 'j',
  ح: 'h',
  خ: 'kh',
  د: 'd',
  ذ: 'dh',
  ر: 'r',
  ز: 'z',
  س: 's',
  ش: 'sh',
  ص: 's',
  ض: 'd',
  ط: 't',
  ظ: 'z',
  ع: 'a',
  غ: 'gh',
  ف: 'f',
  ق: 'q',
  ك: 'k',
  ل: 'l',
  م: 'm',
  ن: 'n',
  ه: 'h',
  ة: 'a',
  و: 'w',
  ي: 'y',
  ى: 'a',
  پ: 'p',
  چ: 'ch',
  گ: 'g',
  ڤ: 'v',
  '٠': '0',
  '١': '1',
  '٢': '2',
  '٣': '3',
  '٤': '4',
  '٥': '5',
  '٦': '6',
  '٧': '7',
  '٨': '8',
  '٩': '9',
};

export const SLUG_MAX_LENGTH = 48;
export const FALLBACK_SLUG = 'company';

export function slugify(name: string): string {
  const latin = [...name.normalize('NFKD')]
    .map((ch) => (ch in ARABIC ? ARABIC[ch] : ch))
    .join('')
    .replace(/[\u0300-\u036f\u064b-\u065f\u0670]/g, '') // Latin accents and Arabic vowel marks
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  const trimmed = latin.slice(0, SLUG_MAX_LENGTH).replace(/-+$/g, '');
  return trimmed || FALLBACK_SLUG;
}

/** The base slug and its numbered alternatives, in the order they are tried. */
export function slugCandidates(base: string, count = 10): string[] {
  return [base, ...Array.from({ length: count - 1 }, (_, i) => `${base}-${i + 2}`)];
}
