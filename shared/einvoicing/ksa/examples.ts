import { resolve } from 'node:path';
import type { EInvoiceDocument, EInvoiceLine, EInvoiceParty } from '../document';

/**
 * Example Saudi documents of a Riyadh car-rental company, for tests and the local ZATCA emulator:
 * a simplified invoice to a walk-in renter, a standard invoice to a VAT-registered company, and a
 * credit and a debit note on them. The seller's VAT number is the one in ZATCA's SDK test
 * certificate (CN=TST-399999999900003), so stamped examples agree with the certificate.
 */

/** ZATCA's SDK test certificate and key (infra/local/zatca/sdk/Certificates), as files. */
export const KSA_SDK_CERTIFICATES = {
  certificate: resolve(import.meta.dirname, '../../../infra/local/zatca/sdk/Certificates/cert.pem'),
  privateKey: resolve(import.meta.dirname, '../../../infra/local/zatca/sdk/Certificates/ec-secp256k1-priv-key.pem'),
};

export const exampleSeller: EInvoiceParty = {
  name: 'Sayyara Car Rental Co.',
  nameArabic: 'شركة سيارة لتأجير السيارات',
  vatNumber: '399999999900003',
  otherId: { scheme: 'CRN', value: '1010010000' },
  address: {
    street: 'طريق الملك فهد',
    buildingNumber: '2322',
    additionalNumber: '8229',
    district: 'العليا',
    city: 'الرياض',
    postalCode: '12214',
    countryCode: 'SA',
  },
};

export const exampleBusinessBuyer: EInvoiceParty = {
  name: 'شركة الأفق للتجارة',
  vatNumber: '310122393500003',
  otherId: null,
  address: {
    street: 'شارع التحلية',
    buildingNumber: '7412',
    additionalNumber: '3110',
    district: 'الروضة',
    city: 'جدة',
    postalCode: '23434',
    countryCode: 'SA',
  },
};

/** A walk-in renter: name and national ID, no address or VAT number. */
export const exampleConsumer: EInvoiceParty = {
  name: 'محمد العتيبي',
  otherId: { scheme: 'NAT', value: '1023456789' },
  address: null,
};

/** A standard-rated line: VAT 15 % of the net, half up. */
export function exampleLine(id: string, name: string, quantity: number, unitCode: string, unitPriceMinor: number) {
  const netMinor = Math.round(quantity * unitPriceMinor);
  const line: EInvoiceLine = {
    id,
    name,
    quantity,
    unitCode,
    unitPriceMinor,
    netMinor,
    vatCategory: 'S',
    vatRatePercent: 15,
    vatMinor: Math.round(netMinor * 0.15),
  };
  return line;
}

/** A document of `lines` with its totals added up (no advance payment). */
export function exampleDocument(
  fields: Pick<EInvoiceDocument, 'kind' | 'profile' | 'uuid' | 'number' | 'issueDate' | 'issueTime' | 'buyer'> &
    Partial<EInvoiceDocument>,
  lines: EInvoiceLine[],
): EInvoiceDocument {
  const subtotalMinor = lines.reduce((s, l) => s + l.netMinor, 0);
  const vatMinor = lines.reduce((s, l) => s + l.vatMinor, 0);
  return {
    currency: 'SAR',
    seller: exampleSeller,
    paymentMeansCode: '10',
    supplyDate: fields.issueDate,
    ...fields,
    lines,
    subtotalMinor,
    vatMinor,
    totalMinor: subtotalMinor + vatMinor,
    prepaidMinor: 0,
    payableMinor: subtotalMinor + vatMinor,
  };
}

/** Three rental days of a Toyota Camry and 120 extra km, paid by card at the counter. */
export const exampleSimplifiedInvoice = exampleDocument(
  {
    kind: 'invoice',
    profile: 'simplified',
    uuid: '3cf5ee18-ee25-44ea-a444-2c37ba7f28be',
    number: 'INV-2026-000101',
    issueDate: '2026-11-16',
    issueTime: '10:15:00',
    buyer: exampleConsumer,
    paymentMeansCode: '48',
    supplyDate: '2026-11-16',
  },
  [
    exampleLine('1', 'Rental days — Toyota Camry 2025 (RUH 4821)', 3, 'DAY', 18000),
    exampleLine('2', 'Extra kilometres', 120, 'KMT', 50),
  ],
);

/** A month's corporate rental of two vehicles, invoiced to a VAT-registered company on credit. */
export const exampleStandardInvoice = exampleDocument(
  {
    kind: 'invoice',
    profile: 'standard',
    uuid: '9b1f4c2a-6d0e-4f3b-8a57-1c2d3e4f5a6b',
    number: 'INV-2026-000102',
    issueDate: '2026-11-20',
    issueTime: '16:40:12',
    buyer: exampleBusinessBuyer,
    paymentMeansCode: '30',
    supplyDate: '2026-10-21',
    supplyEndDate: '2026-11-20',
  },
  [
    exampleLine('1', 'Rental days — Hyundai Sonata 2025 (RUH 7710)', 30, 'DAY', 15000),
    exampleLine('2', 'Rental days — Toyota Hilux 2024 (RUH 3305)', 30, 'DAY', 17500),
    exampleLine('3', 'Extra kilometres', 640, 'KMT', 45),
  ],
);

/** The renter returned a day early: one rental day refunded on the simplified invoice. */
export const exampleCreditNote = exampleDocument(
  {
    kind: 'credit',
    profile: 'simplified',
    uuid: 'c4a1b2d3-e5f6-4a7b-9c8d-0e1f2a3b4c5d',
    number: 'CN-2026-000011',
    issueDate: '2026-11-17',
    issueTime: '09:05:30',
    buyer: exampleConsumer,
    paymentMeansCode: '48',
    supplyDate: '2026-11-16',
    billingReference: { number: 'INV-2026-000101', issueDate: '2026-11-16' },
    reason: 'Vehicle returned one day early: one rental day refunded',
  },
  [exampleLine('1', 'Rental days — Toyota Camry 2025 (RUH 4821)', 1, 'DAY', 18000)],
);

/**
 * After the monthly rental came back: a refuelling charge (standard-rated) and a speed-camera fine
 * the company paid for the renter, recharged at cost — a disbursement, outside the scope of VAT
 * (category O, VATEX-SA-OOS), the way shared/invoices/totals.ts treats traffic fines.
 */
export const exampleDebitNote = exampleDocument(
  {
    kind: 'debit',
    profile: 'standard',
    uuid: 'd7e8f9a0-b1c2-4d3e-8f4a-5b6c7d8e9f01',
    number: 'DN-2026-000004',
    issueDate: '2026-11-21',
    issueTime: '11:20:00',
    buyer: exampleBusinessBuyer,
    paymentMeansCode: '30',
    supplyDate: '2026-11-20',
    billingReference: { number: 'INV-2026-000102', issueDate: '2026-11-20' },
    reason: 'Charges after return: Toyota Hilux refuelled, and a traffic fine recharged',
  },
  [
    exampleLine('1', 'Refuelling', 1, 'C62', 12000),
    {
      ...exampleLine('2', 'Traffic fine (Saher) paid on the renter’s behalf', 1, 'C62', 30000),
      vatCategory: 'O',
      vatRatePercent: 0,
      vatMinor: 0,
      exemptionReasonCode: 'VATEX-SA-OOS',
      exemptionReason: 'Traffic fine recharged at cost: not subject to VAT',
    },
  ],
);
