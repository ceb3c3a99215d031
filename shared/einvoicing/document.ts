/**
 * The tax document every e-invoicing profile is built from (ZATCA phase 2 for Saudi Arabia, PINT AE
 * for the UAE, JoFotara for Jordan): one neutral shape, filled from an issued invoice, credit note
 * or debit note, so the three XML builders read the same figures the PDF and the books show.
 *
 * Money is in integer minor units of `currency` (SAR and AED have 2 decimals, JOD has 3); each
 * builder writes decimals with `fromMinor`-style formatting for its currency. Quantities are plain
 * numbers (days, km); a line's net is quantity × unit price already rounded by
 * shared/invoices/totals.ts, never recomputed here.
 */
export type EInvoiceKind = 'invoice' | 'credit' | 'debit';

/**
 * 'standard': business buyer with a VAT/tax number (ZATCA "standard tax invoice", cleared before
 * release); 'simplified': consumer buyer (ZATCA "simplified tax invoice", reported within 24 hours).
 */
export type EInvoiceProfile = 'standard' | 'simplified';

export type EInvoiceCountry = 'SA' | 'AE' | 'JO' | 'US';

/** UNCL5305 VAT category: S standard rate, Z zero-rated, E exempt, O outside the scope of VAT. */
export type VatCategory = 'S' | 'Z' | 'E' | 'O';

export interface EInvoiceAddress {
  street: string;
  /** KSA: the 4-digit building number of the national address. */
  buildingNumber?: string | null;
  /** KSA: the 4-digit additional number. */
  additionalNumber?: string | null;
  district?: string | null;
  city: string;
  postalCode?: string | null;
  /** UAE: one of the seven emirates (AUH, DXB, SHJ, AJM, UAQ, RAK, FUJ). */
  emirate?: string | null;
  countryCode: EInvoiceCountry;
}

export interface EInvoiceParty {
  name: string;
  nameArabic?: string | null;
  /** VAT registration number (KSA 15 digits starting and ending with 3; UAE TRN 15 digits; Jordan tax number). */
  vatNumber?: string | null;
  /** Other identification (KSA seller: CRN, the commercial registration; buyer: NAT, IQA, PAS…). */
  otherId?: { scheme: string; value: string } | null;
  address: EInvoiceAddress | null;
  email?: string | null;
  phone?: string | null;
}

export interface EInvoiceLine {
  /** 1-based line number as printed on the invoice. */
  id: string;
  name: string;
  quantity: number;
  /** UN/ECE rec 20 unit code: DAY for rental days, KMT for kilometres, C62 for one item. */
  unitCode: string;
  unitPriceMinor: number;
  /** quantity × unit price, rounded as issued (VAT excluded). */
  netMinor: number;
  vatCategory: VatCategory;
  vatRatePercent: number;
  vatMinor: number;
  /** Required by EN 16931 when the category is E, Z or O (e.g. "Export of services"). */
  exemptionReason?: string | null;
  /**
   * KSA (BT-121, BR-KSA-23/69): the VATEX code of a Z, E or O line, e.g. VATEX-SA-29 (exempt financial
   * services), VATEX-SA-32 (zero-rated export of services), VATEX-SA-OOS (out of scope).
   */
  exemptionReasonCode?: string | null;
}

export interface EInvoiceDocument {
  kind: EInvoiceKind;
  profile: EInvoiceProfile;
  /** UUID v4 of this document (ZATCA KSA-1), fixed when it is first issued. */
  uuid: string;
  /** The human number printed on the document (INV-…, CN-…, DN-…). */
  number: string;
  /** YYYY-MM-DD in the company's time zone. */
  issueDate: string;
  /** HH:MM:SS in the company's time zone. */
  issueTime: string;
  /** Date of supply (KSA-5), YYYY-MM-DD; the rental's return date for a whole rental. */
  supplyDate?: string | null;
  supplyEndDate?: string | null;
  currency: string;
  seller: EInvoiceParty;
  buyer: EInvoiceParty;
  lines: EInvoiceLine[];
  subtotalMinor: number;
  vatMinor: number;
  totalMinor: number;
  /** Payments taken before the invoice (advances) that reduce what is payable. */
  prepaidMinor: number;
  payableMinor: number;
  /**
   * Credit and debit notes: the invoice they correct (number and issue date; JoFotara also wants
   * that invoice's UUID and its total with VAT, in minor units of `currency`).
   */
  billingReference?: { number: string; issueDate: string; uuid?: string | null; totalMinor?: number | null } | null;
  /** Credit and debit notes: why (KSA-10, "reason for issuance"). */
  reason?: string | null;
  /** UNCL4461 payment means: 10 cash, 30 credit transfer, 48 card, 1 not defined. */
  paymentMeansCode: string;
  /** Free text notes printed on the invoice. */
  note?: string | null;
}
