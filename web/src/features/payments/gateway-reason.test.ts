import { afterEach, describe, expect, it } from 'vitest';
import { addArea } from '../../../../shared/i18n';
import { payments } from '../../../../shared/i18n/payments';
import { setLanguage, t } from '../../i18n';
import { gatewayReason } from './gateway-reason';

addArea('payments', payments);
afterEach(() => setLanguage('en'));

describe('gatewayReason', () => {
  it('translates every known PayTabs response status, in English and Arabic, and keeps the raw text as a detail', () => {
    for (const code of ['A', 'H', 'P', 'V', 'E', 'D', 'X', 'C'] as const) {
      expect(payments.en.gatewayStatus[code]).toBeTruthy();
      expect(payments.ar.gatewayStatus[code]).toMatch(/[\u0600-\u06FF]/);
    }
    setLanguage('ar');
    expect(gatewayReason(t, 'D', 'Declined')).toEqual({ reason: 'رفضها البنك', detail: 'رسالة البوابة: Declined' });
    expect(gatewayReason(t, 'x', 'Expired').reason).toBe('انتهت صلاحية صفحة الدفع');
    setLanguage('en');
    expect(gatewayReason(t, 'E', 'Insufficient funds')).toEqual({
      reason: 'Payment error',
      detail: 'Gateway message: Insufficient funds',
    });
  });

  it('an unknown or missing status reads "not completed"; our own gateway_unavailable marker is no detail', () => {
    expect(gatewayReason(t, 'Q', null)).toEqual({ reason: 'Not completed', detail: null });
    expect(gatewayReason(t, null, 'gateway_unavailable')).toEqual({ reason: 'Not completed', detail: null });
  });

  it('an expired attempt (cancelled with X and no gateway text, functions/payments/model.ts asSeen) reads as such', () => {
    expect(gatewayReason(t, 'X', null)).toEqual({ reason: 'Payment page expired', detail: null });
    setLanguage('ar');
    expect(gatewayReason(t, 'X', null)).toEqual({ reason: 'انتهت صلاحية صفحة الدفع', detail: null });
  });
});
