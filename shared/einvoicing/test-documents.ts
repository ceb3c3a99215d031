/**
 * Sample tax documents of a rental, as the invoices domain fills them, for the profile tests, the
 * adapters' tests and the emulators: a Dubai rental invoiced to a business in Abu Dhabi with its
 * credit note (AED), and an Amman rental invoiced to a private customer (JOD, fils).
 */
import type { EInvoiceDocument } from './document';

export function dubaiRentalInvoice(over: Partial<EInvoiceDocument> = {}): EInvoiceDocument {
  return {
    kind: 'invoice',
    profile: 'standard',
    uuid: '3cf5ee18-ee25-44ea-a444-2c37ba7f28be',
    number: 'INV-000142',
    issueDate: '2026-11-20',
    issueTime: '10:15:00',
    supplyDate: '2026-11-17',
    supplyEndDate: '2026-11-20',
    currency: 'AED',
    seller: {
      name: 'Sayyara Demo Car Rental LLC',
      nameArabic: 'سيارة للتأجير ذ.م.م',
      vatNumber: '100123456700003',
      otherId: { scheme: 'TL', value: '1234567' },
      address: {
        street: 'Sheikh Zayed Road',
        buildingNumber: '12',
        district: 'Al Barsha',
        city: 'Dubai',
        postalCode: '00000',
        emirate: 'DXB',
        countryCode: 'AE',
      },
      email: 'billing@sayyara.example',
      phone: '+97141234567',
    },
    buyer: {
      name: 'Gulf Logistics FZE',
      vatNumber: '100987654300003',
      otherId: { scheme: 'TL', value: 'CN-7654321' },
      address: { street: 'Corniche Road', city: 'Abu Dhabi', emirate: 'AUH', countryCode: 'AE' },
      email: 'ap@gulflogistics.example',
    },
    lines: [
      {
        id: '1',
        name: 'Rental: Toyota Camry 2025 (3 days)',
        quantity: 3,
        unitCode: 'DAY',
        unitPriceMinor: 25000,
        netMinor: 75000,
        vatCategory: 'S',
        vatRatePercent: 5,
        vatMinor: 3750,
      },
      {
        id: '2',
        name: 'Extra kilometres',
        quantity: 120,
        unitCode: 'KMT',
        unitPriceMinor: 50,
        netMinor: 6000,
        vatCategory: 'S',
        vatRatePercent: 5,
        vatMinor: 300,
      },
      {
        id: '3',
        name: 'Salik tolls',
        quantity: 4,
        unitCode: 'C62',
        unitPriceMinor: 400,
        netMinor: 1600,
        vatCategory: 'S',
        vatRatePercent: 5,
        vatMinor: 80,
      },
      {
        id: '4',
        name: 'Traffic fine paid on behalf of the customer',
        quantity: 1,
        unitCode: 'C62',
        unitPriceMinor: 50000,
        netMinor: 50000,
        vatCategory: 'O',
        vatRatePercent: 0,
        vatMinor: 0,
        exemptionReason: 'Government fine recharged at cost (disbursement)',
      },
    ],
    subtotalMinor: 132600,
    vatMinor: 4130,
    totalMinor: 136730,
    prepaidMinor: 50000,
    payableMinor: 86730,
    paymentMeansCode: '48',
    note: 'Rental agreement RA-2026-0077',
    ...over,
  };
}

export function dubaiRentalCreditNote(over: Partial<EInvoiceDocument> = {}): EInvoiceDocument {
  return dubaiRentalInvoice({
    kind: 'credit',
    uuid: '8a0c7a39-5b1e-4a57-9f0e-31f0a4b2d6c1',
    number: 'CN-000017',
    issueDate: '2026-11-22',
    issueTime: '09:00:00',
    lines: [
      {
        id: '1',
        name: 'Early return: 1 rental day credited',
        quantity: 1,
        unitCode: 'DAY',
        unitPriceMinor: 25000,
        netMinor: 25000,
        vatCategory: 'S',
        vatRatePercent: 5,
        vatMinor: 1250,
      },
    ],
    subtotalMinor: 25000,
    vatMinor: 1250,
    totalMinor: 26250,
    prepaidMinor: 0,
    payableMinor: 26250,
    billingReference: { number: 'INV-000142', issueDate: '2026-11-20', uuid: '3cf5ee18-ee25-44ea-a444-2c37ba7f28be' },
    reason: 'Vehicle returned one day early',
    note: null,
    ...over,
  });
}

/** A UAE invoice with every VAT category: standard, zero-rated, exempt by code and by text, outside scope. */
export function dubaiMixedInvoice(): EInvoiceDocument {
  const d = dubaiRentalInvoice();
  const [rent, km, tolls, fine] = d.lines;
  const lines: EInvoiceDocument['lines'] = [
    rent,
    { ...km, name: 'Delivery to Oman (international transport)', vatCategory: 'Z', vatRatePercent: 0, vatMinor: 0 },
    { ...tolls, name: 'Staff shuttle', vatCategory: 'E', vatRatePercent: 0, vatMinor: 0, exemptionReason: 'DL8.46.4' },
    { ...fine, id: '4', name: 'Bare land parking', vatCategory: 'E', exemptionReason: 'Bare land' },
    { ...fine, id: '5' },
  ];
  const subtotal = lines.reduce((s, l) => s + l.netMinor, 0);
  const vat = lines.reduce((s, l) => s + l.vatMinor, 0);
  return {
    ...d,
    lines,
    subtotalMinor: subtotal,
    vatMinor: vat,
    totalMinor: subtotal + vat,
    prepaidMinor: 0,
    payableMinor: subtotal + vat,
  };
}

/** Amounts in fils (JOD has 3 decimals): 35.000 JOD a day is 35000. */
export function ammanRentalInvoice(over: Partial<EInvoiceDocument> = {}): EInvoiceDocument {
  return {
    kind: 'invoice',
    profile: 'simplified',
    uuid: 'c1f6a3e2-7d4b-4f0e-9a51-6b2d8e3f4a10',
    number: 'INV-000388',
    issueDate: '2026-11-21',
    issueTime: '18:40:00',
    supplyDate: '2026-11-16',
    supplyEndDate: '2026-11-21',
    currency: 'JOD',
    seller: {
      name: 'Sayyara Amman Car Rental',
      nameArabic: 'سيارة عمّان لتأجير السيارات',
      vatNumber: '12345678',
      address: { street: 'Zahran Street', city: 'Amman', postalCode: '11181', countryCode: 'JO' },
    },
    buyer: {
      name: 'Omar Haddad',
      otherId: { scheme: 'NIN', value: '9871234567' },
      address: { street: 'Mecca Street', city: 'Amman', postalCode: '11953', countryCode: 'JO' },
      phone: '962791234567',
    },
    lines: [
      {
        id: '1',
        name: 'Rental: Hyundai Elantra 2024 (5 days)',
        quantity: 5,
        unitCode: 'DAY',
        unitPriceMinor: 35000,
        netMinor: 175000,
        vatCategory: 'S',
        vatRatePercent: 16,
        vatMinor: 28000,
      },
      {
        id: '2',
        name: 'Collision damage waiver (5 days)',
        quantity: 5,
        unitCode: 'DAY',
        unitPriceMinor: 4250,
        netMinor: 21250,
        vatCategory: 'S',
        vatRatePercent: 16,
        vatMinor: 3400,
      },
      {
        id: '3',
        name: 'Traffic fine paid on behalf of the customer',
        quantity: 1,
        unitCode: 'C62',
        unitPriceMinor: 15000,
        netMinor: 15000,
        vatCategory: 'E',
        vatRatePercent: 0,
        vatMinor: 0,
        exemptionReason: 'Government fine recharged at cost',
      },
    ],
    subtotalMinor: 211250,
    vatMinor: 31400,
    totalMinor: 242650,
    prepaidMinor: 242650,
    payableMinor: 0,
    paymentMeansCode: '10',
    ...over,
  };
}
