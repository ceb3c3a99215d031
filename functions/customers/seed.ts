import { ulid } from 'ulid';
import { addDays } from '../../shared/calendar';
import { calendarDateInZone, getRegionConfig, type RegionCode } from '../../shared/regions';
import type { Gender, PreferredLanguage } from '../../shared/schemas/customers';
import { sortKey } from '../lib/data/keys';
import { transact, tx, type Item, type TransactItem } from '../lib/data/repo';
import { newBlacklistItem } from './blacklist-data';
import { loyaltyFields, type CustomerItem } from './model';
import { newCustomerItem } from './writes';
import { notesPk } from './notes';

/**
 * Demo customers and blacklist for the demo company (a Dubai rental company, region AE).
 *
 * 68 customers: Emirati, Saudi, Jordanian, Egyptian, Lebanese, Indian, Pakistani, Filipino,
 * British, American, Russian and other names (Arab customers with their Arabic name too), UAE
 * phone numbers, licences from Dubai/Abu Dhabi/Sharjah or abroad. Rental history counters give
 * every loyalty tier (about 30 bronze, 15 silver, 10 gold, 5 platinum), 8 VIPs, 4 young drivers
 * (21–24), 4 licences expiring within 30 days and 2 expired, 3 inactive customers, and a few
 * notes with each visibility; and 8 former customers who rented only in the older history (no
 * rental in the last 90 days: the insights' campaign audience).
 *
 * The counters written here are only a starting tier plan: the demo reset's 'customer-counters'
 * step (rentals/customer-counters.ts) then sets every customer's counters to those of its seeded
 * rentals, so the demo's counters are true (issue 26).
 *
 * Blacklist: 4 entries — one matching seeded customer "Tariq Al-Zahrani" by licence number (his
 * profile shows the warning), one by phone of a person who is not a customer, one reviewed,
 * one removed (kept for history, never matches).
 *
 * Deterministic: one seeded generator (mulberry32), dates relative to `world.now`.
 */
import { seededRandom, type SeededCustomer } from '../lib/demo/world';
export type { SeededCustomer };

/** The part of the demo world (functions/lib/demo/world.ts) these seeds read and fill. */
export interface CustomerSeedWorld {
  tenantId: string;
  now: Date;
  region?: RegionCode;
  owner?: { userId: string; username: string };
  customers: SeededCustomer[];
  /** Items written per area, for the demo reset's run record. */
  counts?: Record<string, number>;
}

interface Person {
  en: string;
  ar?: string;
  gender: Gender;
  country: string;
  lang: PreferredLanguage;
  /** A former customer: rentals only in the demo's older history (they stopped renting). */
  former?: true;
}

const PEOPLE: Person[] = [
  { en: 'Mohammed Al Mansoori', ar: 'محمد المنصوري', gender: 'male', country: 'United Arab Emirates', lang: 'arabic' },
  { en: 'Fatima Al Hashimi', ar: 'فاطمة الهاشمي', gender: 'female', country: 'United Arab Emirates', lang: 'arabic' },
  { en: 'Tariq Al-Zahrani', ar: 'طارق الزهراني', gender: 'male', country: 'Saudi Arabia', lang: 'arabic' },
  { en: 'Khalid Al Nuaimi', ar: 'خالد النعيمي', gender: 'male', country: 'United Arab Emirates', lang: 'arabic' },
  { en: 'Aisha Al Suwaidi', ar: 'عائشة السويدي', gender: 'female', country: 'United Arab Emirates', lang: 'arabic' },
  { en: 'Omar Haddad', ar: 'عمر حداد', gender: 'male', country: 'Jordan', lang: 'arabic' },
  { en: 'Layla Khoury', ar: 'ليلى خوري', gender: 'female', country: 'Lebanon', lang: 'english' },
  { en: 'Youssef Mahmoud', ar: 'يوسف محمود', gender: 'male', country: 'Egypt', lang: 'arabic' },
  { en: 'Noura Al Qahtani', ar: 'نورة القحطاني', gender: 'female', country: 'Saudi Arabia', lang: 'arabic' },
  { en: 'Abdullah Al Shamsi', ar: 'عبدالله الشامسي', gender: 'male', country: 'United Arab Emirates', lang: 'arabic' },
  { en: 'Rania Abu Saleh', ar: 'رانيا أبو صالح', gender: 'female', country: 'Jordan', lang: 'arabic' },
  { en: 'Hassan Farouk', ar: 'حسن فاروق', gender: 'male', country: 'Egypt', lang: 'arabic' },
  { en: 'Mariam Al Ketbi', ar: 'مريم الكتبي', gender: 'female', country: 'United Arab Emirates', lang: 'arabic' },
  { en: 'Saeed Al Falasi', ar: 'سعيد الفلاسي', gender: 'male', country: 'United Arab Emirates', lang: 'arabic' },
  { en: 'Huda Nasser', ar: 'هدى ناصر', gender: 'female', country: 'Jordan', lang: 'english' },
  { en: 'Faisal Al Otaibi', ar: 'فيصل العتيبي', gender: 'male', country: 'Saudi Arabia', lang: 'arabic' },
  { en: 'Reem Al Dhaheri', ar: 'ريم الظاهري', gender: 'female', country: 'United Arab Emirates', lang: 'arabic' },
  { en: 'Karim Mansour', ar: 'كريم منصور', gender: 'male', country: 'Lebanon', lang: 'french' },
  { en: 'Salma Ibrahim', ar: 'سلمى إبراهيم', gender: 'female', country: 'Egypt', lang: 'arabic' },
  { en: 'Ahmed Al Marri', ar: 'أحمد المري', gender: 'male', country: 'United Arab Emirates', lang: 'arabic' },
  { en: 'Dana Al Zoubi', ar: 'دانة الزعبي', gender: 'female', country: 'Jordan', lang: 'english' },
  { en: 'Majed Al Harbi', ar: 'ماجد الحربي', gender: 'male', country: 'Saudi Arabia', lang: 'arabic' },
  { en: 'Yasmin Darwish', ar: 'ياسمين درويش', gender: 'female', country: 'Syria', lang: 'arabic' },
  { en: 'Rashid Al Kaabi', ar: 'راشد الكعبي', gender: 'male', country: 'United Arab Emirates', lang: 'arabic' },
  { en: 'Lina Haddadin', ar: 'لينا حدادين', gender: 'female', country: 'Jordan', lang: 'english' },
  { en: 'Sultan Al Qasimi', ar: 'سلطان القاسمي', gender: 'male', country: 'United Arab Emirates', lang: 'arabic' },
  { en: 'Amal Said', ar: 'أمل سعيد', gender: 'female', country: 'Oman', lang: 'arabic' },
  { en: 'Bilal Qureshi', gender: 'male', country: 'Pakistan', lang: 'english' },
  { en: 'Priya Nair', gender: 'female', country: 'India', lang: 'english' },
  { en: 'Rahul Menon', gender: 'male', country: 'India', lang: 'english' },
  { en: 'Anjali Sharma', gender: 'female', country: 'India', lang: 'english' },
  { en: 'Imran Sheikh', gender: 'male', country: 'Pakistan', lang: 'english' },
  { en: 'Maria Santos', gender: 'female', country: 'Philippines', lang: 'english' },
  { en: 'Jose Reyes', gender: 'male', country: 'Philippines', lang: 'spanish' },
  { en: 'James Whitfield', gender: 'male', country: 'United Kingdom', lang: 'english' },
  { en: 'Emma Clarke', gender: 'female', country: 'United Kingdom', lang: 'english' },
  { en: 'Daniel Novak', gender: 'male', country: 'Czech Republic', lang: 'english' },
  { en: 'Sophie Laurent', gender: 'female', country: 'France', lang: 'french' },
  { en: 'Lukas Becker', gender: 'male', country: 'Germany', lang: 'german' },
  { en: 'Anna Müller', gender: 'female', country: 'Germany', lang: 'german' },
  { en: 'Michael Johnson', gender: 'male', country: 'United States', lang: 'english' },
  { en: 'Emily Carter', gender: 'female', country: 'United States', lang: 'english' },
  { en: 'Dmitri Volkov', gender: 'male', country: 'Russia', lang: 'english' },
  { en: 'Olga Petrova', gender: 'female', country: 'Russia', lang: 'english' },
  { en: 'Chen Wei', gender: 'male', country: 'China', lang: 'chinese' },
  { en: 'Li Na', gender: 'female', country: 'China', lang: 'chinese' },
  { en: 'Kenji Tanaka', gender: 'male', country: 'Japan', lang: 'japanese' },
  { en: 'Carlos Mendoza', gender: 'male', country: 'Spain', lang: 'spanish' },
  { en: 'Lucía Fernández', gender: 'female', country: 'Spain', lang: 'spanish' },
  { en: 'Ahmad Rahimi', gender: 'male', country: 'Afghanistan', lang: 'english' },
  { en: 'Zainab Hussain', ar: 'زينب حسين', gender: 'female', country: 'Iraq', lang: 'arabic' },
  { en: 'Tamer Hosny Saleh', ar: 'تامر حسني صالح', gender: 'male', country: 'Egypt', lang: 'arabic' },
  { en: 'Ghada Al Amiri', ar: 'غادة العامري', gender: 'female', country: 'United Arab Emirates', lang: 'arabic' },
  { en: 'Nabil Khalil', ar: 'نبيل خليل', gender: 'male', country: 'Lebanon', lang: 'english' },
  { en: 'Samir Awad', ar: 'سمير عوض', gender: 'male', country: 'Palestine', lang: 'arabic' },
  { en: 'Hind Al Mazrouei', ar: 'هند المزروعي', gender: 'female', country: 'United Arab Emirates', lang: 'arabic' },
  { en: 'Arjun Pillai', gender: 'male', country: 'India', lang: 'english' },
  { en: 'Fernando Costa', gender: 'male', country: 'Brazil', lang: 'spanish' },
  { en: 'Grace Okafor', gender: 'female', country: 'Nigeria', lang: 'english' },
  { en: 'Oliver Bennett', gender: 'other', country: 'Australia', lang: 'english' },
  // Former customers, after the 60 so their draws leave everyone else's unchanged: the insights'
  // campaign audience of customers with no rental for 90 days.
  { en: 'Walid Barakat', ar: 'وليد بركات', gender: 'male', country: 'Jordan', lang: 'arabic', former: true },
  { en: 'Nadia Khalifa', ar: 'نادية خليفة', gender: 'female', country: 'Egypt', lang: 'arabic', former: true },
  { en: 'Thomas Weber', gender: 'male', country: 'Germany', lang: 'german', former: true },
  { en: 'Sara Lindqvist', gender: 'female', country: 'Sweden', lang: 'english', former: true },
  {
    en: 'Hamad Al Ali',
    ar: 'حمد العلي',
    gender: 'male',
    country: 'United Arab Emirates',
    lang: 'arabic',
    former: true,
  },
  { en: 'Vikram Rao', gender: 'male', country: 'India', lang: 'english', former: true },
  { en: 'Joanna Kowalska', gender: 'female', country: 'Poland', lang: 'english', former: true },
  { en: 'Mustafa Demir', gender: 'male', country: 'Turkey', lang: 'english', former: true },
];

/** Tier plan by index: [completedRentals, totalSpend in whole AED]. */
function historyFor(i: number, int: (a: number, b: number) => number): [number, number] {
  if (i % 12 === 0) return [int(25, 40), int(26_000, 60_000)]; // platinum (5)
  if (i % 6 === 3) return [int(10, 20), int(10_500, 22_000)]; // gold (10)
  if (i % 4 === 1) return [int(3, 8), int(2_600, 9_000)]; // silver (15)
  return [int(0, 2), int(0, 2_000)]; // bronze
}

const ISSUERS = ['Dubai RTA', 'Abu Dhabi Police', 'Sharjah Police', 'Ajman Police'];
const REFERRALS = [
  'Google',
  'Instagram',
  'Walk-in',
  'Friend referral',
  'Hotel concierge',
  'Booking.com',
  'Corporate account',
];
const AREAS = [
  'Al Barsha',
  'Jumeirah Lake Towers',
  'Dubai Marina',
  'Deira',
  'Al Nahda',
  'Business Bay',
  'Mirdif',
  'Al Quoz',
  'Downtown Dubai',
  'Jumeirah Village Circle',
];

export async function seedCustomers(world: CustomerSeedWorld): Promise<void> {
  const rnd = seededRandom(0xc0ffee);
  const int = (a: number, b: number) => a + Math.floor(rnd() * (b - a + 1));
  const region: RegionCode = world.region ?? 'AE';
  const today = calendarDateInZone(world.now, getRegionConfig(region).timezone);
  const ctx = { region, today };
  // Mobile numbers of the company's country (Saudi and Emirati mobiles share the 5X XXX XXXX shape).
  const dial = region === 'SA' ? '+966' : '+971';
  const writes: TransactItem[] = [];
  const nowMs = world.now.getTime();

  PEOPLE.forEach((p, i) => {
    const [first, ...rest] = p.en.split(' ');
    const emirate = i % 3;
    const phone = `${dial} 5${[0, 2, 5, 6, 8][i % 5]} ${String(int(100, 999))} ${String(int(1000, 9999))}`;
    // Young drivers (21-24) at indexes 7, 19, 33, 45; everyone else 26-64.
    const age = [7, 19, 33, 45].includes(i) ? 21 + (i % 4) : int(26, 64);
    const dateOfBirth = addDays(today, -(age * 365 + Math.floor(age / 4) + int(1, 300)));
    // Licence expiry: 4 within 30 days, 2 expired, the rest 3 months to 5 years ahead.
    const expiryDays = [4, 16, 28, 40].includes(i) ? int(3, 28) : [11, 52].includes(i) ? -int(5, 60) : int(90, 1800);
    const licenseExpiryDate = addDays(today, expiryDays);
    const local = p.country === 'United Arab Emirates' || i % 2 === 0;
    const licenseNumber = local
      ? `${['DXB', 'AUH', 'SHJ'][emirate]}-${int(100000, 999999)}`
      : `${p.country.slice(0, 2).toUpperCase()}${int(1000000, 9999999)}`;
    // A former customer's counters come only from the rentals the history seeds for them.
    const [completed, spend] = p.former ? [0, 0] : historyFor(i, int);
    const addedMs = nowMs - (p.former ? int(380, 700) : int(20, 900)) * 86_400_000;
    const id = ulid(addedMs);
    const item = newCustomerItem(
      world.tenantId,
      {
        fullNameEnglish: p.en,
        fullNameArabic: p.ar ?? null,
        firstName: first,
        lastName: rest.join(' '),
        email:
          i % 5 === 4
            ? null
            : `${first
                .toLowerCase()
                .normalize('NFKD')
                .replace(/[^a-z]/g, '')}.${rest
                .join('')
                .toLowerCase()
                .normalize('NFKD')
                .replace(/[^a-z]/g, '')}@example.com`,
        phone,
        licenseNumber,
        licenseIssuer: local ? ISSUERS[emirate] : `${p.country} licensing authority`,
        licenseIssuedDate: addDays(licenseExpiryDate, -int(2, 10) * 365),
        licenseExpiryDate,
        dateOfBirth,
        homeAddress: `${AREAS[i % AREAS.length]}, Dubai`,
        fullAddress: `Apartment ${int(101, 2405)}, ${AREAS[i % AREAS.length]}, Dubai, United Arab Emirates`,
        visaNumber: p.country === 'United Arab Emirates' ? null : `201/${2020 + (i % 6)}/${int(1000000, 9999999)}`,
        nationalIdOrPassport:
          p.country === 'United Arab Emirates'
            ? `784-${1960 + (i % 40)}-${int(1000000, 9999999)}-${int(1, 9)}`
            : `P${int(10000000, 99999999)}`,
        countryOfOrigin: p.country,
        emergencyContactName:
          i % 3 === 0
            ? null
            : `${['Sara', 'Ali', 'John', 'Nadia', 'Ravi'][i % 5]} ${rest[rest.length - 1] ?? ''}`.trim(),
        emergencyContactPhone: i % 3 === 0 ? null : `${dial} 50 ${int(100, 999)} ${int(1000, 9999)}`,
        emergencyContactRelationship: i % 3 === 0 ? null : ['Spouse', 'Sibling', 'Parent', 'Friend'][i % 4],
        gender: p.gender,
        preferredLanguage: p.lang,
        referralSource: REFERRALS[i % REFERRALS.length],
        internalNotes: i % 9 === 0 ? 'Prefers automatic SUVs; usually books for weekends.' : null,
        behaviorFlags: i === 14 ? ['late_return'] : i === 30 ? ['smoking_reported'] : [],
        isVip: [0, 3, 9, 12, 24, 36, 48, 51].includes(i),
        isActive: ![22, 41, 57].includes(i),
      },
      ctx,
      id,
      new Date(addedMs).toISOString(),
    ) as CustomerItem & Item;
    const spendMinor = spend * 100;
    Object.assign(item, {
      rentalsCount: completed + (completed > 0 && i % 7 === 0 ? 1 : 0),
      completedRentals: completed,
      totalSpendMinor: spendMinor,
      ...loyaltyFields(completed, spendMinor),
      addedDate: calendarDateInZone(new Date(addedMs), getRegionConfig(region).timezone),
    });
    writes.push(tx.putNew(item));
    world.customers.push({
      id,
      fullNameEnglish: item.fullNameEnglish,
      fullNameArabic: item.fullNameArabic,
      phone: item.phone,
      email: item.email,
      licenseNumber: item.licenseNumber,
      dateOfBirth: item.dateOfBirth,
      isVip: item.isVip,
      isActive: item.isActive,
      ...(p.former ? { former: true } : {}),
    });
    if (i % 10 === 0) {
      const noteAt = new Date(addedMs + 86_400_000).toISOString();
      const notes: [string, string][] = [
        ['staff_only', 'Asked for child seat on every booking.'],
        ['internal', 'Negotiated corporate rate, approved by management.'],
        ['public', 'Thank you for choosing us again!'],
      ];
      notes.forEach(([visibility, content], n) => {
        const noteId = ulid(addedMs + 86_400_000 + n * 1000);
        writes.push(
          tx.putNew({
            pk: notesPk(world.tenantId, id),
            sk: sortKey(noteId),
            entityType: 'CUSTOMER_NOTE',
            id: noteId,
            customerId: id,
            content,
            visibility,
            authorId: world.owner?.userId ?? null,
            authorName: world.owner?.username ?? 'demo',
            version: 1,
            createdAt: noteAt,
            updatedAt: noteAt,
          }),
        );
      });
    }
  });
  for (let i = 0; i < writes.length; i += 25) await transact(writes.slice(i, i + 25));
  // `customers` is counted by the demo reset from world.customers; notes are counted here.
  if (world.counts) world.counts.customerNotes = writes.length - PEOPLE.length;
}

export async function seedBlacklist(world: CustomerSeedWorld): Promise<void> {
  const tariq = world.customers.find((c) => c.fullNameEnglish === 'Tariq Al-Zahrani');
  const by = world.owner ? { userId: world.owner.userId, username: world.owner.username } : { username: 'demo' };
  const at = (daysAgo: number, n: number) => world.now.getTime() - daysAgo * 86_400_000 + n;
  const entries = [
    {
      // Same licence written differently ("dxb 123456" vs "DXB-123456"): matches the seeded customer.
      fullName: 'Tariq Zahrani',
      licenseNumber: tariq?.licenseNumber?.toLowerCase().replace('-', ' ') ?? 'DXB 000000',
      phoneNumber: null,
      reason: 'Returned a vehicle with undeclared damage and refused to pay the repair invoice.',
      status: 'active' as const,
      daysAgo: 120,
    },
    {
      fullName: 'Viktor Sokolov',
      licenseNumber: 'RU7781234',
      phoneNumber: '+971 55 777 0101',
      reason: 'Vehicle abandoned in Ras Al Khaimah; 14 traffic fines unpaid.',
      status: 'active' as const,
      daysAgo: 300,
    },
    {
      fullName: 'سالم العبدالله',
      licenseNumber: null,
      phoneNumber: '050 404 2020',
      reason: 'Paid with a cheque that bounced twice.',
      status: 'reviewed' as const,
      daysAgo: 200,
    },
    {
      fullName: 'Mark Dawson',
      licenseNumber: 'UK-DAWSO-801',
      phoneNumber: null,
      reason: 'Reported by mistake (another person with the same name); cleared after review.',
      status: 'removed' as const,
      daysAgo: 60,
    },
  ];
  const writes = entries.map((e, n) => {
    const createdAt = new Date(at(e.daysAgo, n)).toISOString();
    return tx.putNew(newBlacklistItem(world.tenantId, e, by, ulid(at(e.daysAgo, n)), createdAt));
  });
  await transact(writes);
  if (world.counts) world.counts.blacklist = writes.length;
}
