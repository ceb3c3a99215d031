import { DEFAULT_VAT_CODES } from '../../shared/accounting/vat-defaults';
import { getRegionConfig, type RegionCode } from '../../shared/regions';
import { DEFAULT_TEXT_COLOR } from '../../shared/constants';
import { batchGet, type Item } from '../lib/data/repo';
import { companyRegion, companyTimezone, readCompanySettings, type CompanySettings } from '../lib/company-settings';
import { customerKey } from '../customers/api';

/**
 * What invoices read from other domains (DESIGN.md §13): the rental and its ledger and the credit
 * note's reversal path and the invoiced-charge markers (rentals/api.ts), the customer (customers/api.ts key)
 * and the company settings (the one reader). Never payments (tier 5, above invoices).
 */
export {
  billingPeriodChange,
  billingPeriodPreview,
  chargeAtInvoiceChange,
  chargesAtInvoice,
  chargesChange,
  chargeMarkerDelete,
  chargeMarkerPut,
  getRentalItem,
  invoicedChargesOf,
  readLedger,
  rentalKey,
  reverseChargesWith,
  type LedgerItem,
  type RentalItem,
} from '../rentals/api';
/** E-invoicing (tier 4.5): the e-document of what invoices issue, read back for the detail, the XML and the PDF. */
export {
  eDocumentItems,
  edocSummaryOf,
  isReleased,
  readEDocumentXml,
  readEDocuments,
  submitDocument,
  type EDocItem,
  type EDocumentPlan,
} from '../einvoicing/api';

export interface InvoiceSettings {
  region: RegionCode;
  currency: string;
  timezone: string;
  enableVat: boolean;
  outputVatCode: string;
  invoicePrefix: string;
  invoiceStart: number;
  paymentTermsDays: number;
  footerNote: string;
  showLogo: boolean;
  companyName: string;
  address: string;
  phone: string;
  email: string;
  vatNumber: string;
  primaryColor: string;
  secondaryColor: string;
  textColor: string;
  logoKey?: string;
  language: 'en' | 'ar';
  /** The settings as stored: the e-document (issue 29) reads the structured tax address and the CRN from them. */
  company: CompanySettings;
}

export function invoiceSettingsOf(s: CompanySettings): InvoiceSettings {
  const region = companyRegion(s);
  return {
    region,
    currency: getRegionConfig(region).currency,
    timezone: companyTimezone(s),
    enableVat: s.enableVat,
    outputVatCode: DEFAULT_VAT_CODES[region].output,
    invoicePrefix: s.referenceConfig.prefixes.invoice,
    invoiceStart: s.referenceConfig.counters.invoice,
    paymentTermsDays: s.invoiceConfig.paymentTermsDays,
    footerNote: s.invoiceConfig.footerNote,
    showLogo: s.invoiceConfig.showLogo,
    companyName: s.name,
    address: s.address ?? '',
    phone: s.phone ?? '',
    email: s.email ?? '',
    vatNumber: s.vatNumber ?? '',
    primaryColor: s.primaryColor,
    secondaryColor: s.secondaryColor,
    textColor: DEFAULT_TEXT_COLOR,
    logoKey: s.logoKey ?? undefined,
    language: s.preferences?.language === 'ar' ? 'ar' : 'en',
    company: s,
  };
}

export async function readInvoiceSettings(tenantId: string): Promise<InvoiceSettings> {
  return invoiceSettingsOf(await readCompanySettings(tenantId));
}

export interface CustomerFacts extends Item {
  id: string;
  fullNameEnglish?: string;
  fullNameArabic?: string;
  email?: string;
  phone?: string;
  address?: string;
  preferredLanguage?: string;
  vatNumber?: string;
}

export async function readCustomer(tenantId: string, customerId: string): Promise<CustomerFacts | undefined> {
  const [c] = await batchGet([customerKey(tenantId, customerId)]);
  return c as CustomerFacts | undefined;
}
