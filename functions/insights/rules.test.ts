import { describe, expect, it } from 'vitest';
import { runRules, RULES, type InsightSnapshot, type PeriodFigures } from './rules';
import { englishText } from './text';
import { insights } from '../../shared/i18n/insights';
import { INSIGHT_RULE_IDS } from '../../shared/schemas/insights';

/** Fixed figures: a 10-car company on 2026-03-15, last 30 days vs the 30 before. */
const EMPTY: InsightSnapshot = {
  today: '2026-03-15',
  currency: 'AED',
  fleet: null,
  categories: null,
  weekdays: null,
  overdueInvoices: null,
  heldDeposits: null,
  leakage: null,
  vat: null,
  customers: null,
  vehicleDailyCostMinor: null,
};
const fleet = (cur: Partial<PeriodFigures>, prev: Partial<PeriodFigures>) => ({
  current: {
    from: '2026-02-13',
    to: '2026-03-14',
    availableCarDays: 300,
    rentedDays: 180,
    revenueMinor: 3_600_000,
    bookings: 30,
    ...cur,
  },
  previous: {
    from: '2026-01-14',
    to: '2026-02-12',
    availableCarDays: 300,
    rentedDays: 240,
    revenueMinor: 4_800_000,
    bookings: 40,
    ...prev,
  },
});
const only = (s: Partial<InsightSnapshot>, rule: keyof typeof RULES) => RULES[rule]({ ...EMPTY, ...s });

describe('insight rules on fixed figures', () => {
  it('no data: no insight at all, and no failure', () => {
    const { drafts, failures } = runRules(EMPTY);
    expect(drafts).toEqual([]);
    expect(failures).toEqual([]);
  });

  it('overview: utilisation fell 20 points and revenue 25 % vs the previous period', () => {
    const s = { fleet: fleet({}, {}) };
    const [u] = only(s, 'utilisation_change');
    expect(u).toMatchObject({
      rule: 'utilisation_change',
      priority: 'high',
      params: { direction: 'down', now: '60', before: '80', points: '20' },
      key: 'utilisation_change:2026-03',
    });
    // −0.2 × 300 available car-days × ADR 200.00 (3,600,000 / 180 days) = −12,000.00
    expect(u.impactMinor).toBe(-1_200_000);
    expect(u.confidence).toBe(0.9);
    const [r] = only(s, 'revenue_change');
    expect(r).toMatchObject({
      params: { direction: 'down', pct: '25', amountNow: '36000.00', amountBefore: '48000.00' },
      impactMinor: -1_200_000,
      priority: 'high',
    });
  });

  it('overview: small movements and thin data say nothing', () => {
    expect(only({ fleet: fleet({ rentedDays: 230 }, {}) }, 'utilisation_change')).toEqual([]); // 3.3 points
    expect(only({ fleet: fleet({ revenueMinor: 4_500_000 }, {}) }, 'revenue_change')).toEqual([]); // −6.25 %
    expect(only({ fleet: fleet({ bookings: 1 }, { bookings: 2 }) }, 'utilisation_change')).toEqual([]);
    expect(only({ fleet: fleet({ availableCarDays: 20 }, {}) }, 'utilisation_change')).toEqual([]);
    expect(only({ fleet: fleet({}, { revenueMinor: 0 }) }, 'revenue_change')).toEqual([]);
  });

  it('finance: receivables aged in buckets, the largest invoices as evidence', () => {
    const overdueInvoices = [
      { id: 'A', number: 'INV-1001', customerName: 'Omar', balanceMinor: 50_000, dueDate: '2026-03-05' }, // 10 days
      { id: 'B', number: 'INV-1002', customerName: 'Sara', balanceMinor: 120_000, dueDate: '2026-01-05' }, // 69 days
      { id: 'C', number: 'INV-1003', customerName: 'Lina', balanceMinor: 30_000, dueDate: '2026-03-20' }, // not yet due
    ];
    const [d] = only({ overdueInvoices }, 'receivables_aging');
    expect(d.params).toEqual({ count: '2', amount: '1700.00', amountOver60: '1200.00', oldest: '69' });
    expect(d.figures.slice(0, 4).map((f) => f.value)).toEqual([500, 0, 1200, 0]);
    expect(d.evidence.map((e) => e.href)).toEqual(['/invoices/B', '/invoices/A']);
    expect(d).toMatchObject({ impactMinor: 170_000, priority: 'high', confidence: 0.95 });
    expect(only({ overdueInvoices: [overdueInvoices[2]] }, 'receivables_aging')).toEqual([]);
  });

  it('finance: deposits held past their release date; leakage; VAT coming due', () => {
    const heldDeposits = [
      { id: 'D1', label: 'RENT-1001', href: '/rentals/D1', amountMinor: 100_000, releaseDueOn: '2026-01-31' }, // 43 days late
      { id: 'D2', label: 'RENT-1002', href: '/rentals/D2', amountMinor: 80_000, releaseDueOn: '2026-03-20' }, // not yet due
      { id: 'D3', label: 'RENT-1003', href: '/rentals/D3', amountMinor: 90_000, releaseDueOn: null }, // on rent
    ];
    const [dep] = only({ heldDeposits }, 'deposits_held_long');
    expect(dep).toMatchObject({
      params: { count: '1', amount: '1000.00', days: '43' },
      impactMinor: 100_000,
      priority: 'high',
    });
    expect(dep.evidence).toEqual([{ label: 'RENT-1001', href: '/rentals/D1', detail: '1000.00 · 2026-01-31 · +43d' }]);
    expect(only({ heldDeposits: heldDeposits.slice(1) }, 'deposits_held_long')).toEqual([]);
    const [leak] = only(
      {
        leakage: [
          { id: 'L', label: 'RENT-1009', href: '/rentals/L', amountMinor: 25_050, reason: 'fuel' },
          { id: 'M', label: 'x', href: '/', amountMinor: 0, reason: 'none' },
        ],
      },
      'revenue_leakage',
    );
    expect(leak).toMatchObject({ params: { count: '1', amount: '250.50' }, impactMinor: 25_050 });
    const vat = { payableMinor: 540_000, periodFrom: '2026-01-01', periodTo: '2026-02-28', dueDate: '2026-03-28' };
    const [v] = only({ vat }, 'vat_due');
    expect(v).toMatchObject({
      key: 'vat_due:2026-02-28',
      params: { amount: '5400.00', days: '13', dueDate: '2026-03-28' },
      impactMinor: 540_000,
    });
    expect(only({ vat: { ...vat, dueDate: '2026-04-28' } }, 'vat_due')).toEqual([]); // 44 days away
    expect(only({ vat: { ...vat, payableMinor: -10 } }, 'vat_due')).toEqual([]); // refundable
  });

  const customers = [
    { id: 'c1', name: 'Repeat One', completedRentals: 4, totalSpendMinor: 400_000, lastRentalDate: '2026-03-01' },
    // inactive 134 days; 1 rental from silver
    { id: 'c2', name: 'Repeat Two', completedRentals: 2, totalSpendMinor: 200_000, lastRentalDate: '2025-11-01' },
    { id: 'c3', name: 'Repeat Three', completedRentals: 9, totalSpendMinor: 500_000, lastRentalDate: '2026-02-01' }, // 1 rental from gold
    { id: 'c4', name: 'Once', completedRentals: 1, totalSpendMinor: 100_000, lastRentalDate: '2025-12-01' }, // inactive 104 days
    { id: 'c5', name: 'Never', completedRentals: 0, totalSpendMinor: 0, lastRentalDate: null },
  ];

  it('marketing: repeat customers, tiers close to the next level, inactive audience', () => {
    const [rep] = only({ customers }, 'repeat_customers');
    // 3 of 4 who rented came back; they spent 1,100,000 of 1,200,000; impact: 1 one-timer × 10 % × average rental
    // (1,200,000 / 16)
    expect(rep.params).toEqual({ count: '3', share: '75', spendShare: '91.7', once: '1' });
    expect(rep.impactMinor).toBe(7_500);
    const [tier] = only({ customers }, 'tier_close');
    // c4 needs 2 rentals or 1,500.00 (60 % of silver's spend): not close
    expect(tier.evidence.map((e) => e.href).sort()).toEqual(['/customers/c2', '/customers/c3']);
    const [inactive] = only({ customers }, 'inactive_customers');
    expect(inactive.params).toEqual({ count: '2', days: '90' });
    expect(inactive.evidence.map((e) => e.label)).toEqual(['Repeat Two', 'Once']);
    expect(inactive.impactMinor).toBe(20_000); // (100,000 + 100,000) × 10 %
    // Too few repeat customers, nobody inactive: nothing.
    expect(only({ customers: customers.slice(0, 2) }, 'repeat_customers')).toEqual([]);
    expect(only({ customers: [customers[0]] }, 'inactive_customers')).toEqual([]);
  });

  it('marketing: the slowest weekday when it is well below the average', () => {
    const weekdays = { weeks: 12, pickups: [20, 18, 4, 16, 22, 25, 21] };
    const [d] = only({ weekdays, fleet: fleet({}, {}) }, 'slow_weekday');
    expect(d).toMatchObject({
      key: 'slow_weekday:tuesday:2026-03',
      params: { weekday: 'tuesday', pickups: '4', average: '18', weeks: '12' },
    });
    // (0.8 × 18 − 4) / 12 weeks × 4 weeks × 120,000 per booking
    expect(d.impactMinor).toBe(416_000);
    expect(only({ weekdays: { weeks: 12, pickups: [20, 18, 14, 16, 22, 25, 21] } }, 'slow_weekday')).toEqual([]);
    expect(only({ weekdays: { weeks: 2, pickups: [3, 2, 0, 2, 3, 4, 3] } }, 'slow_weekday')).toEqual([]); // 17 pickups: too few
  });

  it('strategy: sell below 30 %, add above 85 %, raise prices above 80 %', () => {
    const categories = {
      days: 90,
      items: [
        { category: 'SUV', vehicles: 4, availableCarDays: 360, rentedDays: 72, revenueMinor: 1_440_000 }, // 20 %
        { category: 'Economy', vehicles: 5, availableCarDays: 450, rentedDays: 405, revenueMinor: 4_050_000 }, // 90 %
        { category: 'Sedan', vehicles: 3, availableCarDays: 270, rentedDays: 162, revenueMinor: 2_000_000 }, // 60 %
        { category: 'Luxury', vehicles: 1, availableCarDays: 20, rentedDays: 1, revenueMinor: 50_000 }, // too few days
      ],
    };
    const d = runRules({ ...EMPTY, categories, vehicleDailyCostMinor: 5_000 }).drafts;
    expect(d.map((x) => `${x.rule}:${x.params.category}`)).toEqual([
      'sell_vehicles:SUV',
      'add_vehicles:Economy',
      'raise_prices:Economy',
    ]);
    const [sell, add, price] = d;
    // Keep ceil(72 / (90 × 0.6)) = 2 of 4: sell 2, saving 2 × 90 days × 50.00
    expect(sell).toMatchObject({ params: { count: '2', utilisation: '20' }, impactMinor: 900_000, priority: 'medium' });
    // ceil(405 / (90 × 0.75)) − 5 = 1 car at 75 % × 90 days × ADR 100.00
    expect(add).toMatchObject({ params: { count: '1', utilisation: '90' }, impactMinor: 675_000 });
    expect(price).toMatchObject({ params: { rise: '5', amountAdr: '100.00' }, impactMinor: 202_500 });
    // No fixed-cost setting: selling still suggested, no invented saving.
    expect(only({ categories }, 'sell_vehicles')[0].impactMinor).toBe(0);
  });

  it('every rule has English and Arabic texts, filled from its params', () => {
    for (const rule of INSIGHT_RULE_IDS) {
      expect(insights.en.rules[rule].title, rule).toBeTruthy();
      expect(insights.ar.rules[rule].body, rule).toBeTruthy();
    }
    const [r] = only({ fleet: fleet({}, {}) }, 'revenue_change');
    const text = englishText(r, 'AED');
    expect(text.title).toBe('Rental revenue fell 25%');
    expect(text.explanation.replace(/\u00a0/g, ' ')).toContain(
      'over 2026-02-13 – 2026-03-14 was AED 36,000.00, against AED 48,000.00 in the 30 days before',
    );
  });

  it('a failing rule is reported and the others still run', () => {
    const broken = {
      ...EMPTY,
      fleet: fleet({}, {}),
      customers: [
        { id: 'x', name: 'X', completedRentals: 2, totalSpendMinor: 1, lastRentalDate: 'not-a-date' },
      ] as InsightSnapshot['customers'],
    };
    const bad = {
      ...broken,
      weekdays: {
        weeks: 12,
        get pickups(): number[] {
          throw new Error('bad weekday figures');
        },
      },
    };
    const { drafts, failures } = runRules(bad);
    expect(failures).toEqual([{ step: 'rule:slow_weekday', message: 'bad weekday figures' }]);
    expect(drafts.some((d) => d.rule === 'utilisation_change')).toBe(true);
  });
});
