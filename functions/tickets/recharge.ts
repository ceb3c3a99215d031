/**
 * Recharging fines and tolls to the rental (issue 13), through the rentals API: the rental's
 * ledger entries, its totals, the journal entry (accounting engine) and our own records'
 * updates are ONE transaction (rentals/ledger.ts postExternalCharges).
 *
 * Posting (shared/accounting/posting-rules.ts):
 * - the fine: ledger charge `traffic_fines` → Dr 1310 receivables / Cr 1330 fines recoverable,
 *   no VAT (a disbursement: the customer's fine, paid on the customer's behalf);
 * - tolls: ledger charge `salik_charges` → Dr 1310 / Cr 4170 toll recharges;
 * - admin fees (company settings: pricing.fineAdminFee, pricing.tollAdminFeePerCrossing, before
 *   VAT): ledger charge `other` posted gross; with VAT on, the posting rules extract the VAT at
 *   the rental's rate → Cr 4180 net + Cr 2310 VAT output.
 * - VAT on tolls (decision): toll recharges are NOT disbursements in the UAE (the company buys
 *   the crossing on its own Salik account and resells it), so with the company's VAT enabled the
 *   tolls carry VAT at the rental's tax rate, posted as a `tax` ledger charge (Dr 1310 / Cr 2310
 *   with the output code). Without VAT (US, VAT off) nothing is added. The toll base carries line
 *   code TAXED_TOLL_LINE when VAT is charged, so it posts to 4170 with the output code and the
 *   VAT return's standard-rated supplies include it; without VAT it stays pass-through.
 * - A recharge to a completed or closed rental raises the customer's balance on that rental
 *   (the deposit still held covers it when the rental is closed later).
 * Idempotent: the records' version and `rechargedAt` are conditions of the transaction, and an
 * Idempotency-Key returns the first answer.
 */
import { fromMinor } from '../../shared/money';
import { TAXED_TOLL_LINE } from '../../shared/accounting/posting-rules';
import { TICKET_MESSAGES as M } from '../../shared/tickets/messages';
import { fineRecharge, tollRecharge } from '../../shared/tickets/rules';
import { queryAll, tx } from '../lib/data/repo';
import { tenantPk } from '../lib/data/keys';
import { conflict, notFound } from '../lib/errors';
import { readCompanySettings } from '../lib/company-settings';
import type { Actor } from '../lib/actor';
import { postExternalCharges, readRentalItem } from './deps';
import { historyItem, salikKey, ticketKey, ticketToApi, type SalikItem, type TicketItem } from './model';
import { getTicket } from './tickets';

/** Most passages one recharge takes (a DynamoDB transaction holds 100 items; the rest wait for the next). */
export const MAX_TOLLS_PER_RECHARGE = 60;

const vatOf = (settings: { enableVat: boolean }, rental: { taxRate: number }) => ({
  enabled: settings.enableVat,
  ratePercent: Number(rental.taxRate ?? 0),
});

export async function rechargeTicket(actor: Actor, id: string, opts: { waiveAdminFee?: boolean } = {}, key?: string) {
  const first = await getTicket(actor.tenantId, id);
  if (!first.rentalId) throw conflict(M.notMatched, undefined, 'INVALID_TRANSITION');
  const settings = await readCompanySettings(actor.tenantId, '');
  const feeMinor = opts.waiveAdminFee ? 0 : (settings.pricing.fineAdminFeeMinor ?? 0);
  let posted: TicketItem | undefined;
  const result = await postExternalCharges(
    actor,
    first.rentalId,
    'fine_recharge',
    async (rental) => {
      const ticket = await getTicket(actor.tenantId, id);
      if (ticket.rechargedAt) throw conflict(M.alreadyRecharged, undefined, 'INVALID_TRANSITION');
      if (!['unpaid', 'disputed', 'paid'].includes(ticket.status))
        throw conflict(M.cannotRecharge, undefined, 'INVALID_TRANSITION');
      if (ticket.rentalId !== rental.id) throw conflict(M.notMatched, undefined, 'INVALID_TRANSITION');
      const r = fineRecharge(ticket.amountMinor, feeMinor, vatOf(settings, rental));
      const at = new Date().toISOString();
      const status = ticket.paidToAuthority ? 'paid' : 'recharged';
      posted = {
        ...ticket,
        status,
        rechargedAt: at,
        adminFeeMinor: r.feeNetMinor,
        version: ticket.version + 1,
        updatedAt: at,
      };
      return {
        note: `Traffic fine ${ticket.ticketNumber}`,
        entries: [
          { category: 'traffic_fines', label: `Traffic fine ${ticket.ticketNumber}`, amountMinor: r.fineMinor },
          { category: 'other', label: `Admin fee: traffic fine ${ticket.ticketNumber}`, amountMinor: r.feeGrossMinor },
        ],
        addTotals: { totalTrafficFinesMinor: r.fineMinor },
        extra: [
          tx.update(
            ticketKey(actor.tenantId, id),
            ticket.version,
            { status, rechargedAt: at, adminFeeMinor: r.feeNetMinor },
            at,
          ),
          tx.putNew(
            historyItem(
              actor.tenantId,
              id,
              {
                fieldChanged: 'recharged',
                oldValue: null,
                newValue: `${rental.referenceNumber} · ${fromMinor(r.totalMinor)}`,
                changedBy: actor.username,
                reason: 'Recharged to the rental',
              },
              at,
            ),
          ),
          ...(status !== ticket.status
            ? [
                tx.putNew(
                  historyItem(
                    actor.tenantId,
                    id,
                    {
                      fieldChanged: 'status',
                      oldValue: ticket.status,
                      newValue: status,
                      changedBy: actor.username,
                      reason: 'Recharged to the rental',
                    },
                    at,
                  ),
                ),
              ]
            : []),
        ],
      };
    },
    key,
  );
  const body = result.body as { rental: unknown; entries: unknown[] };
  return {
    status: result.status,
    body: {
      ticket: posted ? ticketToApi(posted) : ticketToApi(await getTicket(actor.tenantId, id)),
      rental: body.rental,
      entries: body.entries,
    },
  };
}

/**
 * Every matched passage of the rental not yet recharged (consistent read of its gsi1 copy is not possible: filtered by
 * state).
 */
async function openTolls(tenantId: string, rentalId: string): Promise<SalikItem[]> {
  const items = await queryAll<SalikItem>({
    tenantId,
    pk: tenantPk(tenantId, 'SALIK_RENTAL', rentalId),
    index: 'gsi1',
    max: 2000,
  });
  return items.filter((i) => !i.rechargedAt && i.matchState === 'matched').slice(0, MAX_TOLLS_PER_RECHARGE);
}

export async function rechargeTolls(actor: Actor, rentalId: string, key?: string) {
  const rental = await readRentalItem(actor.tenantId, rentalId, false);
  if (!rental) throw notFound('Rental not found');
  const settings = await readCompanySettings(actor.tenantId, '');
  const feeMinor = settings.pricing.tollAdminFeePerCrossingMinor ?? 0;
  let count = 0;
  const result = await postExternalCharges(
    actor,
    rentalId,
    'toll_recharge',
    async (current) => {
      const tolls = await openTolls(actor.tenantId, rentalId);
      if (tolls.length === 0) throw conflict(M.noTollsToRecharge, undefined, 'INVALID_TRANSITION');
      count = tolls.length;
      const r = tollRecharge(
        tolls.map((t) => t.amountMinor),
        feeMinor,
        vatOf(settings, current),
      );
      const at = new Date().toISOString();
      return {
        note: `Salik tolls × ${tolls.length}`,
        entries: [
          {
            category: 'salik_charges',
            label: `Salik tolls × ${tolls.length}`,
            amountMinor: r.tollsMinor,
            ...(r.tollVatMinor > 0 ? { lineCode: TAXED_TOLL_LINE } : {}),
          },
          { category: 'tax', label: `VAT on Salik tolls × ${tolls.length}`, amountMinor: r.tollVatMinor },
          { category: 'other', label: `Admin fee: Salik × ${tolls.length}`, amountMinor: r.feeGrossMinor },
        ],
        addTotals: { salikChargesMinor: r.tollsMinor },
        // Each passage is conditioned on the version read: a concurrent recharge cannot take it twice.
        extra: tolls.map((t) => tx.update(salikKey(actor.tenantId, t.id), t.version, { rechargedAt: at }, at)),
      };
    },
    key,
  );
  const body = result.body as { rental: unknown; entries: unknown[] };
  return { status: result.status, body: { recharged: count, rental: body.rental, entries: body.entries } };
}
