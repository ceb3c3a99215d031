import { describe, expect, it } from 'vitest';
import { security } from './i18n/security';
import { ACTION_SIGNALS, RISK_LEVELS, SIGNIN_SIGNALS } from './security/risk';
import { companyReportEmail, notableText, reportEmail, type ReportForEmail } from './security-report-text';

const ARABIC = /[\u0600-\u06FF]/;
const counts = {
  signins: 12,
  failedSignins: 3,
  lockouts: 1,
  mfaChallenges: 2,
  geoBlocked: 1,
  geoAlerts: 0,
  riskMedium: 4,
  riskHigh: 1,
  riskCritical: 1,
  riskyActions: 2,
  devicesBlocked: 1,
  devicesTrusted: 2,
  sessionsRevoked: 0,
};
const report: ReportForEmail = {
  company: 'Gulf Cars',
  week: '2026-W47',
  counts,
  notable: [
    {
      at: '2026-11-20T08:15:00.000Z',
      level: 'critical',
      kind: 'signin',
      username: 'layla',
      country: 'GB',
      signals: ['impossible_travel', 'new_country'],
      outcome: 'refused',
      text: 'layla signing in from GB: impossible_travel, new_country (refused)',
    },
    {
      at: '2026-11-19T10:00:00.000Z',
      level: 'high',
      kind: 'action',
      username: 'omar',
      signals: ['refund_other_method'],
      summary: 'refund of AED 1,150.00 to cash; paid by card',
      text: 'omar: refund of AED 1,150.00 to cash; paid by card',
    },
    {
      at: '2026-11-18T10:00:00.000Z',
      level: 'medium',
      kind: 'lockout',
      username: 'sara',
      text: 'sara: locked out after failed sign-ins',
    },
  ],
};

describe('risk signal names', () => {
  it('every sign-in and action signal, level and outcome has an English and a different Arabic name', () => {
    for (const s of [...SIGNIN_SIGNALS, ...ACTION_SIGNALS]) {
      const en = (security.en.risk.signal as Record<string, string>)[s];
      const ar = (security.ar.risk.signal as Record<string, string>)[s];
      expect(en, s).toMatch(/^[A-Z][a-z]/);
      expect(ar, s).toMatch(ARABIC);
    }
    expect(Object.keys(security.en.risk.signal).sort()).toEqual([...SIGNIN_SIGNALS, ...ACTION_SIGNALS].sort());
    for (const l of RISK_LEVELS) expect(security.ar.risk.level[l]).toMatch(ARABIC);
  });
});

describe('weekly report in words', () => {
  it('says a notable event from its facts in either language, and falls back to the stored English text', () => {
    expect(notableText('en', report.notable[0]!)).toBe(
      'layla signing in from GB: Impossible travel · New country (Refused)',
    );
    expect(notableText('ar', report.notable[0]!)).toBe('تسجيل دخول layla من GB: سفر مستحيل · دولة جديدة (رُفض)');
    expect(notableText('ar', report.notable[1]!)).toBe(
      'omar: استرداد بطريقة أخرى: refund of AED 1,150.00 to cash; paid by card',
    );
    expect(notableText('ar', report.notable[2]!)).toBe('sara: قُفل الحساب بعد محاولات دخول فاشلة');
    expect(notableText('ar', { at: '2026-11-18T10:00:00.000Z', level: 'medium', text: 'an old report line' })).toBe(
      'an old report line',
    );
  });

  it('writes the English email with every figure and no Arabic', () => {
    const { subject, text } = reportEmail('en', report);
    expect(subject).toBe('Weekly security report, 2026-W47: Gulf Cars');
    expect(text).toContain('Sign-ins: 12, failed: 3, lockouts: 1, MFA challenges: 2');
    expect(text).toContain('Risk: 4 medium, 1 high, 1 critical; risky actions: 2');
    expect(text).toContain(
      '- 2026-11-20 08:15 [Critical] layla signing in from GB: Impossible travel · New country (Refused)',
    );
    expect(text).not.toMatch(ARABIC);
  });

  it('writes the Arabic email with the same figures, and an empty week says so', () => {
    const { subject, text } = reportEmail('ar', report);
    expect(subject).toBe('تقرير الأمان الأسبوعي، 2026-W47: Gulf Cars');
    expect(text).toContain('عمليات تسجيل الدخول: 12، الفاشلة: 3، حالات القفل: 1، طلبات رمز المصادقة: 2');
    expect(text).toContain('[حرج] تسجيل دخول layla من GB: سفر مستحيل · دولة جديدة (رُفض)');
    expect(text).not.toMatch(/Sign-ins|Notable|Impossible/);
    expect(reportEmail('ar', { ...report, notable: [] }).text).toContain('لا شيء لافت هذا الأسبوع.');
  });

  it("follows the company's language, and a company without one gets both, English first", () => {
    expect(companyReportEmail('ar', report).subject).toMatch(/^تقرير/);
    expect(companyReportEmail('en', report).subject).toMatch(/^Weekly/);
    const both = companyReportEmail(undefined, report);
    expect(both.subject).toBe(
      'Weekly security report, 2026-W47: Gulf Cars / تقرير الأمان الأسبوعي، 2026-W47: Gulf Cars',
    );
    expect(both.text.indexOf('Sign-ins: 12')).toBeLessThan(both.text.indexOf('عمليات تسجيل الدخول: 12'));
  });
});
