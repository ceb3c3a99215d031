import { minorToDecimalString } from '../../shared/money';
import { PAYMENT_MESSAGES } from '../../shared/schemas/payments';
import { config } from '../lib/config';
import { conflict } from '../lib/errors';
import { readGatewaySecrets } from './deps';

/**
 * The company's gateway (PayTabs PT2) as payments calls it: its keys (write-only company settings) and the follow-up
 * refund of an authorised sale — `POST {base}/payment/request` with `tran_type: 'refund'`, the sale's `tran_ref`, and
 * a `cart_id` naming the refund (`{tenantId}.{paymentId}.{refund}`). Approved only when the gateway answers
 * `payment_result.response_status` 'A'; anything else (a decline, a refusal such as "exceeds the refundable amount",
 * no answer in 10 s) is not a refund, with the gateway's own words kept for the audit and the staff message.
 */
export async function gatewayKeys(tenantId: string) {
  const s = await readGatewaySecrets(tenantId);
  if (!s.profileId || !s.serverKey) throw conflict(PAYMENT_MESSAGES.gatewayNotConfigured);
  return { profileId: s.profileId, serverKey: s.serverKey };
}

export type GatewayRefund =
  | { approved: true; tranRef: string }
  | { approved: false; answered: boolean; status: string | null; message: string };

export async function refundAtGateway(
  keys: { profileId: string; serverKey: string },
  r: { saleTranRef: string; cartId: string; currency: string; amountMinor: number; description: string },
): Promise<GatewayRefund> {
  let res: Response;
  try {
    res = await fetch(`${config().paytabsBaseUrl}/payment/request`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: keys.serverKey },
      body: JSON.stringify({
        profile_id: keys.profileId,
        tran_type: 'refund',
        tran_class: 'ecom',
        tran_ref: r.saleTranRef,
        cart_id: r.cartId,
        cart_currency: r.currency,
        cart_amount: Number(minorToDecimalString(r.amountMinor)),
        cart_description: r.description,
      }),
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    return { approved: false, answered: false, status: null, message: 'no answer' };
  }
  const body = (await res.json().catch(() => ({}))) as {
    tran_ref?: string;
    message?: string;
    payment_result?: { response_status?: string; response_message?: string };
  };
  const status = body.payment_result?.response_status ?? null;
  if (res.ok && status === 'A' && body.tran_ref) return { approved: true, tranRef: body.tran_ref };
  return {
    approved: false,
    answered: true,
    status,
    message: String(body.payment_result?.response_message ?? body.message ?? `HTTP ${res.status}`).slice(0, 200),
  };
}
