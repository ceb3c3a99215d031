import { putItem } from '../lib/data/repo';
import { toMinor } from '../../shared/money';
import { getRegionConfig, type RegionCode } from '../../shared/regions';
import {
  defaultCompanySettings,
  VEHICLE_CATEGORIES,
  type StoredCompanySettings,
  type VehicleCategory,
} from '../../shared/schemas/settings';
import { settingsItem } from './data';

/**
 * Demo company settings: a Dubai rental desk (region from the demo world, AED), VAT registered at
 * the region's rate (5% for the UAE) with a TRN, Saturday–Thursday hours with a short Friday,
 * terms in English and Arabic, brand colours of its own, and default rates per category taken
 * from the seeded fleet (the median daily rate of each category, monthly at 22 days' worth) so the
 * pricing page agrees with the vehicles the visitor sees. Deterministic: no randomness needed.
 */
export interface SettingsSeedWorld {
  tenantId: string;
  now: Date;
  region: RegionCode;
  companyName: string;
  /** The seeded fleet (vehicles seed) as far as the default rates need it: settings sit below vehicles. */
  vehicles: { category: VehicleCategory; dailyRateMinor: number; isArchived: boolean }[];
  counts: Record<string, number>;
}

export const DEMO_TERMS_ENGLISH = [
  '1. The renter must hold a valid driving licence and be at least 21 years old; drivers under 25 pay the young-driver fee.',
  '2. The vehicle is returned with the same fuel level as at pick-up; each missing quarter tank is charged.',
  '3. The daily allowance is 200 km; extra kilometres are charged per km as shown on the contract.',
  '4. Traffic fines and Salik tolls incurred during the rental are charged to the renter with an administration fee.',
  '5. The security deposit is refunded within 14 days of return, less any outstanding charges.',
  '6. Late returns beyond the 1-hour grace period are charged as an extra day.',
].join('\n');

export const DEMO_TERMS_ARABIC = [
  '١. يجب أن يحمل المستأجر رخصة قيادة سارية وألا يقل عمره عن ٢١ عامًا؛ ويدفع السائقون دون ٢٥ عامًا رسوم السائق الشاب.',
  '٢. تُعاد السيارة بنفس مستوى الوقود عند الاستلام، ويُحتسب كل ربع خزان ناقص.',
  '٣. الحد اليومي ٢٠٠ كم، وتُحتسب الكيلومترات الإضافية لكل كيلومتر كما هو مبين في العقد.',
  '٤. تُحمَّل المخالفات المرورية ورسوم سالك خلال فترة الإيجار على المستأجر مع رسوم إدارية.',
  '٥. يُسترد مبلغ التأمين خلال ١٤ يومًا من الإرجاع بعد خصم أي مبالغ مستحقة.',
  '٦. يُحتسب التأخير في الإرجاع بعد فترة السماح البالغة ساعة واحدة يومًا إضافيًا.',
].join('\n');

/**
 * Who the company is where it sits: the UAE desk (Dubai, the main demo) or its Saudi sister company (Riyadh,
 * issue 29: a VAT number of 15 digits starting and ending with 3, the national address and the commercial
 * registration its ZATCA e-invoices carry). Made-up numbers of the right shapes (the Saudi VAT number is ZATCA's
 * sandbox taxpayer's); the Saudi IBAN is the standard's published example.
 */
const DEMO_PLACES = {
  AE: {
    phone: '+971 4 555 0134',
    primaryContact: 'Mariam Al Suwaidi',
    address: 'Shop 4, Al Garhoud Road, Al Garhoud, Dubai, United Arab Emirates',
    vatNumber: '100234567800003',
    bank: 'Emirates NBD, IBAN AE07 0331 2345 6789 0123 456',
    // Unset, as before e-invoicing: the UAE demo issues no PINT AE documents (no provider, no tax address).
    taxAddress: { buildingNumber: '', street: '', district: '', city: '', postalCode: '', additionalNumber: '' },
    emirate: '',
    commercialRegistration: '',
  },
  SA: {
    phone: '+966 11 555 0134',
    primaryContact: 'Abdullah Al Qahtani',
    address: '7235 King Fahd Road, Al Olaya, Riyadh 12333, Saudi Arabia',
    // ZATCA's sandbox test taxpayer: the VAT number of the SDK's test certificate the demo device signs with.
    vatNumber: '399999999900003',
    bank: 'Saudi National Bank, IBAN SA03 8000 0000 6080 1016 7519',
    taxAddress: {
      buildingNumber: '7235',
      street: 'King Fahd Road',
      district: 'Al Olaya',
      city: 'Riyadh',
      postalCode: '12333',
      additionalNumber: '2411',
    },
    emirate: '',
    commercialRegistration: '1010654321',
  },
} as const;

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : Math.round((sorted[mid - 1] + sorted[mid]) / 2);
}

export function demoSettings(
  world: Pick<SettingsSeedWorld, 'region' | 'companyName' | 'vehicles'>,
): StoredCompanySettings {
  const region = getRegionConfig(world.region);
  const s = defaultCompanySettings({
    companyName: world.companyName,
    email: 'hello@desertrose.example',
    region: region.countryCode,
  });
  const rates = Object.fromEntries(
    VEHICLE_CATEGORIES.map((c) => {
      const daily = median(
        world.vehicles.filter((v) => v.category === c && !v.isArchived).map((v) => v.dailyRateMinor),
      );
      // Monthly rental: 22 days' worth, rounded to whole currency units (a typical monthly discount).
      const monthly = daily === null ? null : Math.round((daily * 22) / 100) * 100;
      return [c, { dailyRateMinor: daily, monthlyRateMinor: monthly }];
    }),
  ) as Record<VehicleCategory, { dailyRateMinor: number | null; monthlyRateMinor: number | null }>;
  const weekday = { open: '08:00', close: '21:00', closed: false };
  // The Saudi sister company (region SA) or the Dubai desk (every other region: the demo is Emirati).
  const place = world.region === 'SA' ? DEMO_PLACES.SA : DEMO_PLACES.AE;
  return {
    ...s,
    businessType: 'independent',
    phone: place.phone,
    primaryContact: place.primaryContact,
    address: place.address,
    primaryColor: '#B45309',
    secondaryColor: '#0F766E',
    accentStyle: 'rounded',
    workingHours: {
      monday: weekday,
      tuesday: weekday,
      wednesday: weekday,
      thursday: weekday,
      friday: { open: '14:00', close: '21:00', closed: false },
      saturday: { open: '09:00', close: '21:00', closed: false },
      sunday: weekday,
    },
    autoConfirmRentals: true,
    notificationSettings: { ...s.notificationSettings, channels: { email: true, sms: true, inApp: true } },
    termsEnglish: DEMO_TERMS_ENGLISH,
    termsArabic: DEMO_TERMS_ARABIC,
    vatNumber: place.vatNumber,
    taxAddress: { ...place.taxAddress, emirate: place.emirate },
    commercialRegistration: place.commercialRegistration,
    vatRate: region.taxRate > 0 ? region.taxRate / 100 : s.vatRate,
    enableVat: region.taxRate > 0,
    invoiceConfig: {
      paymentTermsDays: 7,
      footerNote: `Bank transfer: ${place.bank}. Thank you for renting with us.`,
      showLogo: true,
    },
    pricing: {
      categoryRates: rates,
      youngDriverFeeOverrideMinor: null,
      extraKmChargeMinor: toMinor(0.5),
      // 45 AED per missing quarter tank (a full tank of a mid-size car is about 180 AED).
      fuelChargePerQuarterTankMinor: toMinor(45),
      fineAdminFeeMinor: toMinor(25),
      tollAdminFeePerCrossingMinor: toMinor(1),
      // What a car costs standing still (finance, insurance, registration): the reports' idle cost.
      vehicleDailyFixedCostMinor: toMinor(60),
      // The desk's damage price list (AED, what a Dubai body shop charges it): a light scratch is
      // a polish, a severe crack a windscreen or lamp, "missing" a mirror cap, hubcap or badge.
      damagePricesMinor: {
        scratch: { minor: toMinor(150), moderate: toMinor(450), severe: toMinor(1200) },
        dent: { minor: toMinor(250), moderate: toMinor(750), severe: toMinor(2000) },
        crack: { minor: toMinor(300), moderate: toMinor(900), severe: toMinor(2500) },
        missing: { minor: toMinor(200), moderate: toMinor(600), severe: toMinor(1500) },
      },
    },
  };
}

export async function seedSettings(world: SettingsSeedWorld): Promise<void> {
  await putItem(settingsItem(world.tenantId, demoSettings(world), world.now.toISOString()));
  world.counts.settings = 1;
}
