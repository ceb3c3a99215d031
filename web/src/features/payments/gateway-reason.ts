/**
 * Why an online attempt failed, in the reader's language: the gateway's response status (PayTabs
 * payment_result.response_status: A authorised, H hold, P pending, V voided, E error, D declined,
 * X expired…) translated from shared/i18n/payments.ts; the gateway's own text (English, from the
 * bank) is kept only as a detail line under it.
 */
import type { TFunction } from '../../i18n';

const KNOWN = new Set(['A', 'H', 'P', 'V', 'E', 'D', 'X', 'C']);

export function gatewayReason(
  t: TFunction,
  gatewayStatus: string | null | undefined,
  message: string | null | undefined,
): { reason: string; detail: string | null } {
  const code = (gatewayStatus ?? '').trim().toUpperCase();
  // gateway_unavailable: our own marker when the gateway never answered (pay online's 503).
  const raw = message && message !== 'gateway_unavailable' ? message : null;
  return {
    reason: t(`payments.gatewayStatus.${KNOWN.has(code) ? code : 'unknown'}`),
    detail: raw ? t('payments.gatewayDetail', { message: raw }) : null,
  };
}
