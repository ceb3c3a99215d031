import { useState } from 'react';
import { useT } from '../../i18n';
import { callApi } from '../../lib/api-client';
import { toastApiError } from '../../lib/api-errors';
import { useCan } from '../../lib/use-can';
import './payments-api';

/**
 * "Final settlement (PDF)" on a closed rental (financeRead): the settlement document made from
 * the rental's ledger when the rental was closed (a new version if it changed since).
 */
export function FinalSettlementLink({ rentalId, closed }: { rentalId: string; closed: boolean }) {
  const t = useT();
  const can = useCan('financeRead');
  const [busy, setBusy] = useState(false);
  if (!closed || !can) return null;
  const open = async () => {
    setBusy(true);
    try {
      const { url } = await callApi<'getFinalSettlementPdf', { url: string }>('getFinalSettlementPdf', {
        params: { id: rentalId },
      });
      window.open(url, '_blank', 'noopener');
    } catch (error) {
      toastApiError(t('payments.loadFailed'), error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="btn-secondary"
      data-testid="final-settlement"
      onClick={() => void open()}
      disabled={busy}
    >
      {t('payments.actions.finalSettlement')}
    </button>
  );
}
