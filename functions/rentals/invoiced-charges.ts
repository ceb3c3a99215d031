import { tenantPk, type Key } from '../lib/data/keys';
import { getItem, queryAll, tx, type TransactItem } from '../lib/data/repo';

/**
 * The invoiced-charge marker: which issued invoice a rental ledger charge is on. Owned by rentals
 * (its key is the rental's: pk `T#{t}#INVOICED_CHARGE#{rentalId}`, sk `{chargeEntryId}` →
 * `{ invoiceId, invoiceNumber }`), written and deleted by the invoices domain through
 * rentals/api.ts inside its own transaction (issue: put with attribute_not_exists, so a charge is
 * on at most one issued invoice even when two drafts raced; credit note: delete). Rentals read it
 * to refuse a manual reversal of an invoiced charge and to show which charges are invoiced.
 */
export const chargeMarkersPk = (tenantId: string, rentalId: string) => tenantPk(tenantId, 'INVOICED_CHARGE', rentalId);

export const chargeMarkerKey = (tenantId: string, rentalId: string, chargeId: string): Key => ({
  pk: chargeMarkersPk(tenantId, rentalId),
  sk: chargeId,
});

/** The marker put of one charge on a newly issued invoice (fails when the charge is already on one). */
export function chargeMarkerPut(
  tenantId: string,
  rentalId: string,
  chargeId: string,
  invoice: { id: string; number: string },
  at: string,
): TransactItem {
  return tx.putNew({
    ...chargeMarkerKey(tenantId, rentalId, chargeId),
    entityType: 'INVOICED_CHARGE',
    invoiceId: invoice.id,
    invoiceNumber: invoice.number,
    createdAt: at,
  });
}

/** The marker delete of one charge whose invoice was credited (the charge may be invoiced again). */
export const chargeMarkerDelete = (tenantId: string, rentalId: string, chargeId: string): TransactItem =>
  tx.delete(chargeMarkerKey(tenantId, rentalId, chargeId));

/** The issued invoice a charge is on, if any. */
export async function invoiceOfCharge(
  tenantId: string,
  rentalId: string,
  chargeId: string,
): Promise<{ invoiceId: string; invoiceNumber: string } | undefined> {
  const marker = (await getItem(chargeMarkerKey(tenantId, rentalId, chargeId), true)) as
    | { invoiceId: string; invoiceNumber: string }
    | undefined;
  return marker ? { invoiceId: marker.invoiceId, invoiceNumber: marker.invoiceNumber } : undefined;
}

/** The charges of a rental that are on issued invoices (one Query): charge id → invoice id and number. */
export async function invoicedChargesOf(
  tenantId: string,
  rentalId: string,
): Promise<Map<string, { invoiceId: string; invoiceNumber: string }>> {
  const markers = await queryAll<{ sk: string; invoiceId: string; invoiceNumber: string }>({
    tenantId,
    pk: chargeMarkersPk(tenantId, rentalId),
    consistent: true,
    max: 5000,
  });
  return new Map(markers.map((m) => [m.sk, { invoiceId: m.invoiceId, invoiceNumber: m.invoiceNumber }]));
}
