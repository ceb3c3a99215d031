import { describe, expect, it } from 'vitest';
import { alertText } from './alert-text';
import { formatMoney, toMinor } from './money';
import { rawBits, textFormat } from './readable';
import { auditActionText, auditDetailsText, auditEntityText } from './audit-text';

const fmt = (language: 'en' | 'ar') => ({
  ...textFormat('AE', language, 'Asia/Dubai'),
  money: (n: number) => formatMoney(toMinor(n), 'AE', language),
});
const base = { title: '', description: '', dateDetected: '2026-11-26T08:00:00.000Z' };

describe('alert text (issue 27): words from the type and params, dates on the company clock', () => {
  it('a maintenance alert names the service in words, in English and Arabic, the date in DD/MM/YYYY', () => {
    const a = {
      ...base,
      type: 'maintenance_past_due',
      params: { vehicle: 'Toyota Camry', service: 'oil_change', date: '2026-11-20' },
    };
    expect(alertText(a, fmt('en'))).toEqual({
      title: 'Past due: Oil change for Toyota Camry',
      description: 'Toyota Camry · due 20/11/2026',
    });
    expect(alertText(a, fmt('ar')).title).toBe('متأخرة: تغيير الزيت لـ Toyota Camry');
  });

  it('a toll alert: amount in the currency, time on the company clock (Dubai, UTC+4)', () => {
    const a = {
      ...base,
      type: 'toll_unmatched',
      params: { label: 'DXB A 1', amount: '4', at: '2026-11-26T08:00:00.000Z' },
    };
    const { description } = alertText(a, fmt('en'));
    expect(description).toContain('26/11/2026 12:00');
    expect(rawBits(description)).toEqual([]);
  });

  it('a risky sign-in lists its signals in words; a legacy alert (no params) is its stored text made readable', () => {
    const risk = {
      ...base,
      type: 'security_signin_risk',
      params: { username: 'sara', signals: 'new_device, impossible_travel', country: 'GB' },
    };
    expect(alertText(risk, fmt('en')).description).toBe('Signals: New device, Impossible travel · country GB');
    const legacy = {
      ...base,
      type: 'maintenance_due_soon',
      title: 'Due within 7 days: air_conditioning for Camry',
      description: 'Camry · 2026-11-26T08:00:00.000Z',
      params: {},
    };
    const text = alertText(legacy, fmt('en'));
    expect(text.title).toBe('Due within 7 days: Air conditioning for Camry');
    expect(text.description).toBe('Camry · 26/11/2026 12:00');
  });
});

describe('audit text (issue 27)', () => {
  it('actions as "area: verb", records in words, unknown codes humanized, never raw', () => {
    expect(auditActionText('auth.login', 'en')).toBe('Sign-in: signed in');
    expect(auditActionText('customer.note.add', 'en')).toBe('Customer: note added');
    expect(auditActionText('blacklist.status.removed', 'en')).toBe('Blacklist: status removed');
    expect(auditEntityText('company_settings', 'ar')).toBe('إعدادات الشركة');
    for (const a of ['finance.bank_account.create', 'something_new.brand_new_verb'])
      expect(rawBits(auditActionText(a, 'ar'))).toEqual([]);
  });

  it('risk notes and before/after summaries read as words with dates in the company format', () => {
    expect(auditDetailsText(JSON.stringify({ note: 'medium risk (new_device): refused' }), fmt('en'))).toBe(
      'Medium risk (New device): Refused',
    );
    expect(auditDetailsText(JSON.stringify({ note: 'high risk: new_country, recent_failures' }), fmt('en'))).toBe(
      'High risk (New country, Recent failures)',
    );
    const changed = auditDetailsText(
      JSON.stringify({
        before: { status: 'in_progress', returnDate: null },
        after: { status: 'completed', returnDate: '2026-11-26T08:00:00.000Z' },
      }),
      fmt('en'),
    );
    expect(changed).toBe('status: in progress → completed · return date: — → 26/11/2026 12:00');
    expect(rawBits(auditDetailsText(JSON.stringify({ note: 'medium risk (new_device): refused' }), fmt('ar')))).toEqual(
      [],
    );
  });

  it("in Arabic, the demo log's actions, records, fields and statuses have Arabic words (no English left)", () => {
    const latin = /[A-Za-z]{2,}/;
    for (const a of [
      'alert.acknowledged',
      'insight.planned',
      'insight.new',
      'rental.contract_signed',
      'rental.refund',
      'rental.toll_recharge',
      'document.reject',
      'payment.callback_refused',
      'finance.entry.reverse',
    ]) {
      expect(auditActionText(a, 'ar'), a).not.toMatch(latin);
    }
    for (const e of ['ai_insight', 'finance_entry', 'SESSION', 'tracker'])
      expect(auditEntityText(e, 'ar'), e).not.toMatch(latin);
    expect(
      auditDetailsText(JSON.stringify({ before: { status: 'new' }, after: { status: 'dismissed' } }), fmt('ar')),
    ).toBe('الحالة: جديد → متجاهَل');
    expect(
      auditDetailsText(JSON.stringify({ before: { status: 'new' }, after: { status: 'dismissed' } }), fmt('en')),
    ).toBe('status: new → dismissed');
  });
});
