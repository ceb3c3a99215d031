/**
 * Demo deposits and receivables (functions/jobs/demo-reset.ts, after rentals, invoices, payments
 * and tickets). The rentals seed already leaves deposits held on returned rentals (some long past
 * their release date), deposits applied and refunded at close, and balances owed on returned
 * rentals (aged receivables, with the invoices seed's open invoices). Here, through the real use
 * cases (ledger, journal, receipts, indexes in one transaction each): a deposit partly applied to
 * damage found after the return, one applied to the balance still owed, and one refunded early.
 */
import type { Actor } from '../lib/actor';
import type { DemoWorld } from '../lib/demo/world';
import { rootLogger } from '../lib/logger';
import { queryAll } from '../lib/data/repo';
import { depositStatePk, rentalsByIds } from './deps';
import { applyDepositToCharges, refundDeposit } from './deposits';
import type { DepositIndexItem } from './model';

export async function seedCollections(world: DemoWorld): Promise<void> {
  const actor: Actor = {
    tenantId: world.tenantId,
    userId: world.owner.userId,
    username: world.owner.username,
    requestId: 'demo-reset',
    role: 'OWNER',
  };
  const held = (
    await queryAll<DepositIndexItem>({
      tenantId: world.tenantId,
      pk: depositStatePk(world.tenantId, 'open'),
      index: 'gsi1',
      max: 500,
    })
  ).filter((d) => d.returnDay && d.rentalStatus === 'completed' && d.heldMinor >= 20_000);
  const rentals = await rentalsByIds(
    world.tenantId,
    held.map((d) => d.rentalId),
  );
  const open = held
    .map((d) => ({ ...d, balanceMinor: rentals.get(d.rentalId)?.balanceMinor ?? 0 }))
    .sort((a, b) => String(b.returnDay).localeCompare(String(a.returnDay)));
  const [damaged, owing, early] = [
    open.find((d) => d.balanceMinor === 0),
    open.find((d) => d.balanceMinor > 0),
    open.filter((d) => d.balanceMinor === 0)[1],
  ];
  try {
    if (damaged) {
      const part = Math.round(damaged.heldMinor * 0.4) / 100;
      await applyDepositToCharges(
        actor,
        damaged.id,
        {
          amount: part,
          charge: { category: 'damage_fees', label: 'Scratch on rear bumper (found after return)', amount: part },
          note: 'Damage found at cleaning',
        },
        `demo-apply-${damaged.id}`,
      );
    }
    if (owing) {
      const amount = Math.min(owing.heldMinor, owing.balanceMinor) / 100;
      await applyDepositToCharges(actor, owing.id, { amount }, `demo-apply-${owing.id}`);
    }
    if (early) await refundDeposit(actor, early.id, { amount: early.heldMinor / 100 }, `demo-refund-${early.id}`);
  } catch (err) {
    // The demo must come up even if a deposit moved meanwhile; the log says which step failed.
    rootLogger.warn('demo collections seed: a deposit movement failed', { error: (err as Error).message });
  }
}
