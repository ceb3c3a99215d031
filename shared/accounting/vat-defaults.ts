import type { RegionCode } from '../regions';

/**
 * Default VAT codes of a region (codes of shared/accounting/vat.ts): standard-rated sales, purchases (null where
 * there is no input tax) and exempt sales. On their own so a Lambda that only picks a default code does not load
 * the whole table of codes with its English and Arabic labels (shared/accounting/vat.test.ts checks they exist).
 */
export const DEFAULT_VAT_CODES: Record<RegionCode, { output: string; input: string | null; exempt: string }> = {
  AE: { output: 'AE_SR_DU', input: 'AE_IN_SR', exempt: 'AE_EX' },
  SA: { output: 'SA_SR', input: 'SA_IN_SR', exempt: 'SA_EX' },
  JO: { output: 'JO_SR', input: 'JO_IN_SR', exempt: 'JO_EX' },
  US: { output: 'US_TAX', input: null, exempt: 'US_EX' },
};
