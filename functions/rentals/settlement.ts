import { DEPOSIT_APPLIED_METHOD, depositSettlementAtClose, effectiveAmounts } from '../../shared/rentals/ledger';
import type { LedgerItem, NewLedgerEntry } from './data';

/**
 * What a rental owes when it ends without being driven (cancel) or is closed: pure functions of
 * its ledger, used by the lifecycle and by the demo seed so both post the same entries.
 *
 * CANCELLATION POLICY: a cancelled rental owes nothing unless a cancellation fee is charged.
 * Cancelling reverses what is left of every charge on the ledger (rental lines, tax, manual
 * charges and the security-deposit request), then posts the fee when one is given. Payments stay
 * where they are: money received shows as a credit for the customer (refund it, or keep it
 * against the fee).
 *
 * CLOSING: the deposit held first covers what is still owed, the rest goes back; a deposit that
 * was requested but never collected is reversed ("not collected"), so it stops reading as money
 * pending.
 */
export function cancellationEntries(ledger: readonly LedgerItem[], feeMinor: number): NewLedgerEntry[] {
  const left = effectiveAmounts(ledger);
  const out: NewLedgerEntry[] = [];
  for (const e of ledger) {
    if (e.type !== 'charge' || e.reversesId) continue;
    const amount = left.get(e.id) ?? 0;
    if (amount <= 0) continue;
    out.push({
      type: 'charge',
      context: 'adjustment',
      category: e.category,
      label: `Cancelled: ${e.label}`,
      amountMinor: amount,
      reversesId: e.id,
      lineCode: e.lineCode,
    });
  }
  if (feeMinor > 0)
    out.push({
      type: 'charge',
      context: 'end',
      category: 'other',
      label: 'Cancellation fee',
      amountMinor: feeMinor,
      lineCode: 'cancellation_fee',
    });
  return out;
}

/** Deposit requests never (fully) collected: reversed for what was not received. */
export function uncollectedDepositEntries(ledger: readonly LedgerItem[]): NewLedgerEntry[] {
  const left = effectiveAmounts(ledger);
  let received = ledger
    .filter((e) => e.type === 'payment' && e.category === 'security_deposit' && !e.reversesId)
    .reduce((s, e) => s + (left.get(e.id) ?? 0), 0);
  const out: NewLedgerEntry[] = [];
  for (const e of ledger) {
    if (e.type !== 'charge' || e.category !== 'security_deposit' || e.reversesId) continue;
    const requested = left.get(e.id) ?? 0;
    const covered = Math.min(requested, received);
    received -= covered;
    if (requested - covered > 0) {
      out.push({
        type: 'charge',
        context: 'end',
        category: 'security_deposit',
        label: 'Security deposit not collected',
        amountMinor: requested - covered,
        reversesId: e.id,
        lineCode: e.lineCode,
      });
    }
  }
  return out;
}

/** Entries posted at close: deposit applied to the balance, deposit refund, uncollected deposit reversed. */
export function closingEntries(ledger: readonly LedgerItem[], depositRefundMethod: string): NewLedgerEntry[] {
  const settlement = depositSettlementAtClose(ledger);
  const entries: NewLedgerEntry[] = [];
  if (settlement.appliedToBalanceMinor > 0) {
    entries.push(
      {
        type: 'refund',
        context: 'end',
        category: 'security_deposit_refund',
        label: 'Security deposit applied to balance',
        amountMinor: settlement.appliedToBalanceMinor,
        method: DEPOSIT_APPLIED_METHOD,
      },
      {
        type: 'payment',
        context: 'end',
        category: 'payment',
        label: 'Paid from security deposit',
        amountMinor: settlement.appliedToBalanceMinor,
        method: DEPOSIT_APPLIED_METHOD,
      },
    );
  }
  if (settlement.refundMinor > 0) {
    entries.push({
      type: 'refund',
      context: 'end',
      category: 'security_deposit_refund',
      label: 'Security deposit refund',
      amountMinor: settlement.refundMinor,
      method: depositRefundMethod,
    });
  }
  entries.push(...uncollectedDepositEntries(ledger));
  return entries;
}
