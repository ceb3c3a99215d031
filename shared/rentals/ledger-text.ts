/**
 * Ledger descriptions as a CODE with parameters, translated where they are shown (web ledger,
 * documents). Entries store `descriptionCode` and `descriptionParams` when posted; entries
 * posted before codes existed (and any stored English label) are mapped by describeLedgerLabel,
 * so old ledgers read translated too. A label a person typed (a manual charge's description)
 * has no code: it is kept as typed ('custom').
 */
export const LEDGER_TEXT_CODES = [
  'rental',
  'rental_monthly',
  'young_driver_fee',
  'late_return',
  'extra_km',
  'fuel_charges',
  'salik_charges',
  'traffic_fines',
  'damage_fees',
  'extra_charges',
  'tax',
  'security_deposit',
  'initial_payment',
  'deposit_received',
  'payment',
  'deposit_refund',
  'refund',
  'deposit_applied',
  'paid_from_deposit',
  'deposit_not_collected',
  'cancellation_fee',
  // Recharges of fines and tolls (functions/tickets/recharge.ts).
  'traffic_fine',
  'traffic_fine_admin_fee',
  'salik_tolls',
  'salik_tolls_vat',
  'salik_admin_fee',
  // Wrappers: `of` names the wrapped entry's code (its own text in `text` when custom); a
  // reversal wraps the reason given (the original's description when reversed from the ledger).
  'adjustment_at_return',
  'cancelled',
  'reversal',
  'custom',
] as const;
export type LedgerTextCode = (typeof LEDGER_TEXT_CODES)[number];

export interface LedgerDescription {
  code: LedgerTextCode;
  params?: Record<string, string>;
}

/** English label → code, for every fixed label the server posts. */
const FIXED: Record<string, LedgerTextCode> = {
  Rental: 'rental',
  'Rental (monthly rate)': 'rental_monthly',
  'Young driver fee': 'young_driver_fee',
  'Late return': 'late_return',
  'Extra km': 'extra_km',
  'Fuel charges': 'fuel_charges',
  'Salik charges': 'salik_charges',
  'Traffic fines': 'traffic_fines',
  'Damage fees': 'damage_fees',
  'Extra charges': 'extra_charges',
  'Security deposit': 'security_deposit',
  'Initial payment': 'initial_payment',
  'Security deposit received': 'deposit_received',
  Payment: 'payment',
  'Security deposit refund': 'deposit_refund',
  Refund: 'refund',
  'Security deposit applied to balance': 'deposit_applied',
  'Paid from security deposit': 'paid_from_deposit',
  'Security deposit not collected': 'deposit_not_collected',
  'Cancellation fee': 'cancellation_fee',
};

/** Labels of the fine and toll recharges (functions/tickets/recharge.ts), with their one parameter. */
const RECHARGE_LABELS: [RegExp, LedgerTextCode, string][] = [
  [/^Traffic fine (.+)$/, 'traffic_fine', 'number'],
  [/^Admin fee: traffic fine (.+)$/, 'traffic_fine_admin_fee', 'number'],
  [/^Salik tolls × (\d+)$/, 'salik_tolls', 'count'],
  [/^VAT on Salik tolls × (\d+)$/, 'salik_tolls_vat', 'count'],
  [/^Admin fee: Salik × (\d+)$/, 'salik_admin_fee', 'count'],
];

const WRAPPERS: [prefix: string, code: LedgerTextCode][] = [
  ['Adjustment at return: ', 'adjustment_at_return'],
  ['Cancelled: ', 'cancelled'],
  ['Reversal: ', 'reversal'],
];

/** The code and parameters of an English ledger label (the server's own labels; anything else is custom). */
export function describeLedgerLabel(label: string): LedgerDescription {
  const fixed = FIXED[label];
  if (fixed) return { code: fixed };
  const recharge = RECHARGE_LABELS.map(([re, code, param]) => [re.exec(label), code, param] as const).find(([m]) => m);
  if (recharge) return { code: recharge[1], params: { [recharge[2]]: recharge[0]![1] } };
  const tax = /^Tax \((\d+(?:\.\d+)?)%\)$/.exec(label);
  if (tax) return { code: 'tax', params: { rate: tax[1] } };
  for (const [prefix, code] of WRAPPERS) {
    if (label.startsWith(prefix)) {
      const inner = describeLedgerLabel(label.slice(prefix.length));
      return {
        code,
        params: {
          of: inner.code,
          ...(inner.params ?? {}),
          ...(inner.code === 'custom' ? { text: label.slice(prefix.length) } : {}),
        },
      };
    }
  }
  return { code: 'custom', params: { text: label } };
}

/** The stored description of an entry, or the one read from its label for entries older than codes. */
export function ledgerDescriptionOf(entry: {
  label?: string | null;
  descriptionCode?: string | null;
  descriptionParams?: Record<string, string> | null;
}): LedgerDescription {
  if (entry.descriptionCode && (LEDGER_TEXT_CODES as readonly string[]).includes(entry.descriptionCode)) {
    return { code: entry.descriptionCode as LedgerTextCode, params: entry.descriptionParams ?? undefined };
  }
  return describeLedgerLabel(entry.label ?? '');
}

/**
 * The description in a language, given a translator of `rentals.ledgerText.<code>` keys with
 * {{param}} interpolation. Wrappers translate the wrapped text first.
 */
export function ledgerDescriptionText(
  d: LedgerDescription,
  translate: (key: string, params?: Record<string, string>) => string,
): string {
  const p = d.params ?? {};
  if (d.code === 'custom') return p.text ?? '';
  if (d.code === 'adjustment_at_return' || d.code === 'cancelled' || d.code === 'reversal') {
    const { of, ...rest } = p;
    const inner = ledgerDescriptionText({ code: (of as LedgerTextCode) ?? 'custom', params: rest }, translate);
    return translate(`rentals.ledgerText.${d.code}`, { what: inner });
  }
  return translate(`rentals.ledgerText.${d.code}`, p);
}
