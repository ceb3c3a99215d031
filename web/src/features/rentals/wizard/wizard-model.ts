import { DEFAULT_DAILY_KM_LIMIT, DEFAULT_EXTRA_CHARGE_PER_KM } from '../../../../../shared/constants';
import { toLocalInput, fromLocalInput } from '../rental-api';

/** The wizard's form model: raw input strings per field, the step each field lives on, the API body. */
export type Values = Record<string, string>;

export interface CustomerOption {
  id: string;
  fullNameEnglish: string;
  fullNameArabic?: string | null;
  phone?: string | null;
  licenseNumber?: string | null;
}
export interface VehicleOption {
  id: string;
  make: string;
  model: string;
  year: number;
  licensePlate: string;
  dailyRate: number;
  monthlyRate: number | null;
  dailyKmLimit: number | null;
  status: string;
  isArchived: boolean;
}

export const STEP_FIELDS: string[][] = [
  ['customerId', 'blacklistAcknowledged'],
  ['vehicleId', 'startDate', 'endDate', 'openEnded', 'expectedDuration'],
  ['rentalType', 'dailyRate', 'monthlyRate', 'dailyKmLimit', 'extraChargePerKm', 'taxRate', 'taxIncluded'],
  [
    'securityDeposit',
    'initialPaymentAmount',
    'initialPaymentMethod',
    'pickupLocation',
    'returnLocation',
    'officeInCharge',
    'agentName',
    'notes',
  ],
];

export const num = (v: string | undefined) =>
  v === undefined || v.trim() === '' ? undefined : Number(v.replace(',', '.'));

/** The next whole hour at least an hour away. */
function defaultStart(): Date {
  const d = new Date(Date.now() + 60 * 60_000);
  d.setMinutes(0, 0, 0);
  return d;
}

/** Fresh values; dates on the company's clock (`timeZone`). */
export function initialValues(taxRate: number, timeZone: string): Values {
  const start = defaultStart();
  return {
    customerId: '',
    customerName: '',
    vehicleId: '',
    startDate: toLocalInput(start, timeZone),
    endDate: toLocalInput(new Date(start.getTime() + 3 * 86_400_000), timeZone),
    expectedDuration: '30',
    rentalType: 'daily',
    dailyRate: '',
    monthlyRate: '',
    dailyKmLimit: String(DEFAULT_DAILY_KM_LIMIT),
    extraChargePerKm: DEFAULT_EXTRA_CHARGE_PER_KM.toFixed(2),
    taxRate: String(taxRate),
    securityDeposit: '',
    initialPaymentAmount: '',
    initialPaymentMethod: '',
    pickupLocation: '',
    returnLocation: '',
    officeInCharge: '',
    agentName: '',
    notes: '',
  };
}

/** The POST /api/v1/rentals body (also what the quote is asked for: the same inputs). */
export function bookingBody(
  values: Values,
  opts: { openEnded: boolean; taxIncluded: boolean; ack: boolean; timeZone: string },
) {
  const { openEnded, taxIncluded, ack, timeZone } = opts;
  return {
    customerId: values.customerId ?? '',
    vehicleId: values.vehicleId ?? '',
    startDate: fromLocalInput(values.startDate, timeZone) ?? values.startDate ?? '',
    endDate: openEnded
      ? null
      : (fromLocalInput(values.endDate, timeZone) ?? (values.endDate ? values.endDate : undefined)),
    openEnded,
    expectedDuration: openEnded ? (num(values.expectedDuration) ?? null) : null,
    rentalType: values.rentalType,
    dailyRate: num(values.dailyRate),
    monthlyRate: num(values.monthlyRate) ?? null,
    dailyKmLimit: num(values.dailyKmLimit),
    extraChargePerKm: num(values.extraChargePerKm),
    taxRate: values.taxRate?.trim() === '' ? undefined : Number(values.taxRate),
    taxIncluded,
    securityDeposit: num(values.securityDeposit) ?? 0,
    initialPaymentAmount: num(values.initialPaymentAmount) ?? 0,
    initialPaymentMethod: values.initialPaymentMethod || null,
    pickupLocation: values.pickupLocation,
    returnLocation: values.returnLocation,
    officeInCharge: values.officeInCharge,
    agentName: values.agentName,
    notes: values.notes,
    blacklistAcknowledged: ack,
  };
}
