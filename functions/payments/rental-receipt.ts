import { getRegionConfig } from '../../shared/regions';
import { tx, type TransactItem } from '../lib/data/repo';
import { companyRegion, readCompanySettings } from '../lib/company-settings';
import type { Actor } from '../lib/actor';
import type { PaymentMethod } from '../../shared/schemas/payments';
import { receiptKey, type ReceiptItem } from './model';
import { takeReceiptNumber } from './record';

/**
 * The REC- receipt of money received directly on a rental (POST /rentals/{id}/payments: a
 * payment or the security deposit), for the rental's own transaction: every received payment
 * has a receipt, whether it came through an invoice or not. The receipt names the rental; its
 * PDF is GET /receipts/{id}/pdf like any other.
 */
export async function rentalPaymentReceipt(actor: Actor, input: {
  rentalId: string; rentalReference: string; customerId: string; customerName: string; amountMinor: number; method: string; deposit: boolean;
}): Promise<{ id: string; number: string; item: TransactItem }> {
  const settings = await readCompanySettings(actor.tenantId);
  const receipt = await takeReceiptNumber(actor.tenantId, settings);
  const item: ReceiptItem = {
    ...receiptKey(actor.tenantId, receipt.id), entityType: 'RECEIPT', id: receipt.id, number: receipt.number, kind: 'receipt',
    paymentId: `rental:${input.rentalId}`, amountMinor: input.amountMinor, currency: getRegionConfig(companyRegion(settings)).currency,
    method: input.method as PaymentMethod, customerId: input.customerId, customerName: input.customerName, customerNameArabic: null,
    rentalReference: input.rentalReference, allocations: [], creditMinor: 0, reason: input.deposit ? 'Security deposit' : null,
    gatewayRef: null, issuedAt: new Date().toISOString(), issuedBy: actor.username,
  };
  return { id: receipt.id, number: receipt.number, item: tx.putNew(item) };
}
