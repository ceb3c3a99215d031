import { useT } from '../../i18n';
import { toastApiError } from '../../lib/api-errors';
import { useCan } from '../../lib/use-can';
import { openReceipt } from './payments-api';

/**
 * A ledger entry's REC- receipt (money received or paid back), opening its PDF; nothing without one or without
 * financeRead.
 */
export function ReceiptLink({ entry }: { entry: { receiptId?: string | null; receiptNumber?: string | null } }) {
  const t = useT();
  const can = useCan('financeRead');
  if (!entry.receiptId || !entry.receiptNumber || !can) return null;
  return (
    <button
      type="button"
      className="link text-xs"
      data-testid="ledger-receipt"
      onClick={() => openReceipt(entry.receiptId!).catch((e) => toastApiError(t('payments.loadFailed'), e))}
    >
      {entry.receiptNumber}
    </button>
  );
}
