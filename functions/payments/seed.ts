import { randomBytes } from 'node:crypto';
import { ulid } from 'ulid';
import type { DemoWorld } from '../lib/demo/world';
import { rootLogger } from '../lib/logger';
import { keys } from '../lib/data/keys';
import { transact, tx, updateRaw } from '../lib/data/repo';
import type { Actor } from '../lib/actor';
import { gatewaySecretsWrite, openInvoicesOldestFirst, type InvoiceForPayment } from './deps';
import { invoicePaymentKey, ONLINE_ATTEMPT_MINUTES, paymentKey, type PaymentItem } from './model';
import { recordInvoicePayment } from './record';
import { takeReceiptNumber } from './tx';
import { planSettlement, planWithoutRepeats } from './settle';

const log = rootLogger.child({ domain: 'jobs' });

/**
 * The demo company's payments, through the real use cases (after the invoices seed): the oldest
 * open invoices paid in full by cash, card and bank transfer, two paid online (settled as the
 * verified gateway callback settles them, with a sandbox transaction reference), two partly
 * paid, one declined online attempt, one online attempt left unpaid until it expired (shown cancelled, "Payment
 * page expired"), and the rest left open (the overdue ones stay overdue).
 * Every payment has its REC- receipt. The demo also gets sandbox gateway keys (write-only, like
 * any company's) so "Pay online" works against the local PayTabs sandbox.
 */
export async function seedPayments(world: DemoWorld): Promise<void> {
  const at = world.now.toISOString();
  await transact([
    gatewaySecretsWrite(
      world.tenantId,
      { profileId: '100001', serverKey: `SDEMO-${randomBytes(12).toString('hex')}` },
      at,
    ),
  ]);
  await updateRaw({
    Key: keys.settings(world.tenantId),
    UpdateExpression: 'SET gatewayKeysConfigured = :c',
    ExpressionAttributeValues: { ':c': { profileId: true, serverKey: true, clientKey: false } },
  });

  const actor: Actor = {
    tenantId: world.tenantId,
    userId: world.owner.userId,
    username: world.owner.username,
    requestId: 'demo-reset',
    role: 'OWNER',
  };
  const open: InvoiceForPayment[] = [];
  const seen = new Set<string>();
  for (const c of world.customers.slice(0, 40)) {
    if (seen.has(c.id)) continue;
    seen.add(c.id);
    open.push(...(await openInvoicesOldestFirst(world.tenantId, c.id)));
  }
  open.sort((a, b) => (a.issueDate ?? '').localeCompare(b.issueDate ?? ''));
  let n = 0;
  type Kind = 'full' | 'online' | 'part' | 'declined' | 'expired';
  const plan: [kind: Kind, method: 'cash' | 'credit_card' | 'bank_transfer'][] = [
    ['full', 'cash'],
    ['online', 'credit_card'],
    ['full', 'credit_card'],
    ['part', 'cash'],
    ['online', 'credit_card'],
    ['full', 'bank_transfer'],
    ['part', 'bank_transfer'],
    ['declined', 'cash'],
    ['expired', 'cash'],
  ];
  for (const [i, inv] of open.slice(0, plan.length).entries()) {
    const [kind, method] = plan[i];
    try {
      if (kind === 'full' || kind === 'part') {
        const amount = kind === 'full' ? inv.balanceMinor : Math.max(100, Math.round(inv.balanceMinor / 200) * 100);
        await recordInvoicePayment(actor, inv.id, { amount: amount / 100, method }, `demo-${inv.id}`);
      } else if (kind === 'online') {
        const gatewayActor: Actor = { ...actor, userId: 'paytabs', username: 'paytabs' };
        const receipt = await takeReceiptNumber(world.tenantId);
        const tranRef = `TST${String(2_600_000_000 + i)}DEMO`;
        const settled = await planWithoutRepeats(() =>
          planSettlement({
            actor: gatewayActor,
            primary: inv,
            paymentId: ulid(),
            amountMinor: inv.balanceMinor,
            method: 'online',
            receipt,
            now: world.now,
            gatewayRef: tranRef,
            gateway: { name: 'paytabs', tranRef, url: null },
          }),
        );
        await transact(settled.items);
      } else {
        const id = ulid();
        // The expired attempt: started three hours ago, never paid (its end, online.ts, long past).
        const started = kind === 'expired' ? new Date(world.now.getTime() - 3 * 3_600_000).toISOString() : at;
        const failed: PaymentItem = {
          ...paymentKey(world.tenantId, id),
          entityType: 'PAYMENT',
          id,
          tenantId: world.tenantId,
          invoiceId: inv.id,
          invoiceNumber: inv.number,
          rentalId: inv.rentalId,
          rentalReference: null,
          customerId: inv.customerId,
          amountMinor: inv.balanceMinor,
          currency: inv.currency,
          method: 'online',
          status: kind === 'expired' ? 'pending' : 'failed',
          allocations: [],
          creditMinor: 0,
          refundedMinor: 0,
          receipt: null,
          refundReceipts: [],
          gateway: { name: 'paytabs', tranRef: `TST${String(2_600_000_100 + i)}DEMO`, url: null },
          failureReason: kind === 'expired' ? null : 'Declined',
          createdAt: started,
          updatedAt: started,
          paidAt: null,
          createdBy: world.owner.username,
          version: 2,
          ...(kind === 'expired'
            ? { expiresAt: new Date(Date.parse(started) + ONLINE_ATTEMPT_MINUTES * 60_000).toISOString() }
            : {}),
        };
        await transact([
          tx.putNew(failed),
          tx.put({
            ...invoicePaymentKey(world.tenantId, inv.id, id),
            entityType: 'INVOICE_PAYMENT',
            paymentId: id,
            amountMinor: 0,
            createdAt: started,
          }),
        ]);
      }
      n += 1;
    } catch (err) {
      log.warn('demo payment skipped', { invoiceId: inv.id, error: String(err) });
    }
  }
  world.counts.payments = n;
}
