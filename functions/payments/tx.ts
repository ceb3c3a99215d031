/**
 * What must commit with another domain's change (DESIGN.md §17 "tx.ts"): the receipt number and
 * the REC- receipt item a rental adds to its own transaction. Imports no other domain, so rentals
 * (tier 4) reach it without loading payments' invoice settlement (tier 5).
 */
import { getRegionConfig } from '../../shared/regions';
import { tx, type TransactItem } from '../lib/data/repo';
import { companyRegion, readCompanySettings, type CompanySettings } from '../lib/company-settings';
import { takeReference } from '../lib/data/counters';
import { REFERENCE_PREFIXES } from '../../shared/constants';
import { ulid } from 'ulid';
import type { Actor } from '../lib/actor';
import type { PaymentMethod } from '../../shared/schemas/payments';
import { receiptKey, type ReceiptItem } from './model';

/** The next REC- number: unique and increasing per company, gaps allowed (lib/data/counters takeReference). */
export async function takeReceiptNumber(
  tenantId: string,
  known?: CompanySettings,
): Promise<{ id: string; number: string }> {
  const s = known ?? (await readCompanySettings(tenantId));
  const prefix = s.referenceConfig.prefixes.receipt ?? REFERENCE_PREFIXES.receipt;
  const start = s.referenceConfig.counters.receipt ?? 1001;
  const taken = await takeReference(tenantId, 'RECEIPT', prefix, start);
  return { id: ulid(), number: taken.reference };
}

/**
 * The REC- receipt of money received directly on a rental (POST /rentals/{id}/payments: a
 * payment or the security deposit; the initial payment of POST /rentals), or of money paid back
 * on it (POST /rentals/{id}/refunds: kind refund_receipt), for the rental's own transaction:
 * every received payment and every refund has a receipt, whether it came through an invoice or
 * not. Same numbering (REC-) and PDF (GET /receipts/{id}/pdf) as the payments domain's own.
 * The number is taken here, before the transaction; a caller that retries its transaction keeps
 * the answer (the item is the same put) so a retry takes no second number.
 */
export async function rentalPaymentReceipt(
  actor: Actor,
  input: {
    rentalId: string;
    rentalReference: string;
    customerId: string;
    customerName: string;
    amountMinor: number;
    method: string;
    deposit: boolean;
    kind?: 'receipt' | 'refund_receipt';
    reason?: string | null;
    /**
     * The rental's invoices this money paid (a desk payment pays them oldest first, issue 26): shown on the receipt.
     */
    allocations?: { invoiceId: string; invoiceNumber: string | null; amountMinor: number }[];
  },
): Promise<{ id: string; number: string; item: TransactItem }> {
  const settings = await readCompanySettings(actor.tenantId);
  const receipt = await takeReceiptNumber(actor.tenantId, settings);
  const item: ReceiptItem = {
    ...receiptKey(actor.tenantId, receipt.id),
    entityType: 'RECEIPT',
    id: receipt.id,
    number: receipt.number,
    kind: input.kind ?? 'receipt',
    paymentId: `rental:${input.rentalId}`,
    amountMinor: input.amountMinor,
    currency: getRegionConfig(companyRegion(settings)).currency,
    method: input.method as PaymentMethod,
    customerId: input.customerId,
    customerName: input.customerName,
    customerNameArabic: null,
    rentalReference: input.rentalReference,
    allocations: (input.allocations ?? []).map((a) => ({ ...a, rentalId: input.rentalId })),
    creditMinor: 0,
    reason: input.reason !== undefined ? input.reason : input.deposit ? 'Security deposit' : null,
    gatewayRef: null,
    issuedAt: new Date().toISOString(),
    issuedBy: actor.username,
  };
  return { id: receipt.id, number: receipt.number, item: tx.putNew(item) };
}
