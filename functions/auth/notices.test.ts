import { describe, expect, it } from 'vitest';
import { companyNoticeEmail, noticeEmail, type NoticeKind } from './notices';
import { lockedOut } from './login';

const ctx = {
  username: 'sara',
  name: 'Sara Al Mansouri',
  company: 'Desert Rose',
  region: 'AE',
  timeZone: 'Asia/Dubai',
};
const facts = {
  at: '2026-11-28T21:30:00.000Z',
  ip: '203.0.113.7',
  country: 'DE',
  userAgent: 'Mozilla/5.0 (Windows NT 10.0) Chrome/120.0',
  count: 2,
  left: 9,
  failures: 5,
  until: '2026-11-28T21:45:00.000Z',
  newDevice: true,
  newCountry: true,
};
const KINDS: NoticeKind[] = [
  'passwordChanged',
  'mfaEnabled',
  'mfaDisabled',
  'recoveryCodeUsed',
  'accountLocked',
  'newSignin',
];

describe('security emails (issue 31)', () => {
  it('each kind says what happened, when, from where, and what to do if it was not them (English)', () => {
    for (const kind of KINDS) {
      const e = noticeEmail('en', kind, ctx, facts);
      expect(e.text, kind).toContain('Hello Sara Al Mansouri,');
      expect(e.text, kind).toContain('If this was not you:');
      expect(e.text, kind).toContain('203.0.113.7');
      expect(e.text, kind).toContain('Chrome · Windows');
      expect(e.text, kind).toContain('Desert Rose');
      expect(e.text, kind).not.toContain('{{');
    }
    // On the company's clock (Dubai, UTC+4): 21:30 UTC is 01:30 the next day.
    expect(noticeEmail('en', 'mfaEnabled', ctx, facts).text).toMatch(/29.*01:30|01:30.*29/);
    expect(noticeEmail('en', 'passwordChanged', ctx, facts).text).toContain('2 other session(s) were signed out');
    expect(noticeEmail('en', 'recoveryCodeUsed', ctx, facts).text).toContain('9 recovery code(s) are left');
    expect(noticeEmail('en', 'accountLocked', ctx, facts).text).toContain('after 5 failed attempts');
    const signin = noticeEmail('en', 'newSignin', ctx, facts).text;
    expect(signin).toContain('from a device it has not used before');
    expect(signin).toContain('from a country it has not been used from before');
    expect(noticeEmail('en', 'newSignin', ctx, { ...facts, newCountry: false }).text).not.toContain('country it has');
  });

  it('in Arabic, with Arabic subjects and the not-them advice', () => {
    for (const kind of KINDS) {
      const e = noticeEmail('ar', kind, ctx, facts);
      expect(e.subject, kind).toMatch(/[\u0600-\u06FF]/);
      expect(e.text, kind).toContain('إن لم تكن أنت:');
      expect(e.text, kind).toContain('مرحبًا Sara Al Mansouri،');
      expect(e.text, kind).not.toContain('{{');
    }
    expect(noticeEmail('ar', 'mfaDisabled', ctx, facts).subject).toBe('تم إيقاف التحقق الثنائي');
  });

  it('a company without a language gets English then Arabic', () => {
    const both = companyNoticeEmail(undefined, 'mfaDisabled', ctx, facts);
    expect(both.subject).toBe('Two-step verification was turned off / تم إيقاف التحقق الثنائي');
    expect(both.text.indexOf('If this was not you:')).toBeLessThan(both.text.indexOf('إن لم تكن أنت:'));
    expect(companyNoticeEmail('ar', 'mfaDisabled', ctx, facts).text).not.toContain('If this was not you');
  });
});

describe('the lockout answer (issue 31)', () => {
  it('says when to try again, in the language the request asks for, with Retry-After and the template', () => {
    const now = Date.UTC(2026, 10, 28, 12, 0, 0);
    const en = lockedOut({ headers: {} }, 14 * 60_000 + 1_000, now);
    expect(en.status).toBe(429);
    expect(en.message).toBe('Too many attempts. Try again in 15 min.');
    expect(en.headers).toEqual({ 'Retry-After': '841' });
    expect(en.details).toEqual({
      template: 'Too many attempts. Try again in {{minutes}} min.',
      params: { minutes: '15', retryAt: '2026-11-28T12:14:01.000Z' },
    });
    const ar = lockedOut({ headers: { 'accept-language': 'ar-AE,ar;q=0.9,en;q=0.8' } }, 30_000, now);
    expect(ar.message).toBe('محاولات كثيرة جدًا. حاول مرة أخرى بعد 1 دقيقة.');
    expect(lockedOut({ headers: { 'accept-language': 'en-US,ar;q=0.5' } }, 30_000, now).message).toBe(
      'Too many attempts. Try again in 1 min.',
    );
  });
});
