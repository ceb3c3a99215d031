import { keys } from '../lib/data/keys';
import { getItem } from '../lib/data/repo';
import { sendEmail } from '../lib/email';
import { companyRegion, companyTimezone, readCompanySettings } from '../lib/company-settings';
import { rootLogger } from '../lib/logger';
import { accountEmails } from '../../shared/i18n/account-emails';
import { formatDateTime } from '../../shared/regions';
import { browserOf } from '../../shared/security/risk';
import { DEMO_USERNAMES } from '../../shared/schemas/auth';

/**
 * Issue 31: security emails (SES, functions/lib/email.ts) when an account changes — password changed, MFA
 * turned on or off, a recovery code used, sign-in locked, a sign-in from a new device or country — each
 * saying what happened, when, from where, and what to do if it was not them.
 *
 * Language: the company's (settings → preferences.language), as the weekly security report and the
 * document reminders do; a company without one gets English then Arabic in one email. Times are on the
 * company's clock in its region's format.
 *
 * Decisions: the email goes to the user's own address (a user without one gets none); the shared demo
 * logins get none (anyone may use them, their address is nobody's); an email that fails to send is
 * logged and never fails the sign-in or change it reports (the audit log holds the event either way).
 */
export type NoticeKind =
  | 'passwordChanged'
  | 'mfaEnabled'
  | 'mfaDisabled'
  | 'recoveryCodeUsed'
  | 'accountLocked'
  | 'newSignin';

export interface NoticeFacts {
  at: string;
  ip?: string | null;
  country?: string | null;
  userAgent?: string | null;
  /** passwordChanged: other sessions signed out. */
  count?: number;
  /** recoveryCodeUsed: codes left. */
  left?: number;
  /** accountLocked: failures counted, and when sign-in opens again (ISO). */
  failures?: number;
  until?: string;
  /** newSignin: what was new. */
  newDevice?: boolean;
  newCountry?: boolean;
}

export interface NoticeContext {
  username: string;
  name: string;
  company: string;
  region?: string;
  timeZone?: string;
}

type Language = 'en' | 'ar';
const fill = (text: string, params: Record<string, string | number | undefined>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(params[k] ?? ''));

/** The email in one language (pure, unit-tested). */
export function noticeEmail(
  language: Language,
  kind: NoticeKind,
  c: NoticeContext,
  f: NoticeFacts,
): { subject: string; text: string } {
  const m = accountEmails[language];
  const when = (at: string) =>
    c.region ? formatDateTime(at, c.region, language, c.timeZone ? { timeZone: c.timeZone } : {}) : at;
  const params = {
    username: c.username,
    name: c.name,
    company: c.company,
    count: f.count,
    left: f.left,
    failures: f.failures,
    until: f.until ? when(f.until) : undefined,
  };
  const k = m[kind];
  const lines =
    kind === 'newSignin'
      ? [
          ...(f.newDevice ? [fill(m.newSignin.newDevice, params)] : []),
          ...(f.newCountry ? [fill(m.newSignin.newCountry, params)] : []),
        ]
      : [fill((k as { body: string }).body, params)];
  const details = fill(m.details, {
    when: when(f.at),
    ip: f.ip || m.unknown,
    country: f.country || m.unknown,
    device: f.userAgent ? browserOf(f.userAgent) : m.unknown,
  });
  return {
    subject: k.subject,
    text: [
      fill(m.greeting, params),
      '',
      ...lines,
      details,
      '',
      m.notThemTitle,
      k.notThem,
      '',
      fill(m.footer, params),
    ].join('\n'),
  };
}

/** In the company's language; both (English first) when it has none. */
export function companyNoticeEmail(
  language: string | undefined,
  kind: NoticeKind,
  c: NoticeContext,
  f: NoticeFacts,
): { subject: string; text: string } {
  if (language === 'en' || language === 'ar') return noticeEmail(language, kind, c, f);
  const en = noticeEmail('en', kind, c, f);
  const ar = noticeEmail('ar', kind, c, f);
  return { subject: `${en.subject} / ${ar.subject}`, text: `${en.text}\n\n${ar.text}` };
}

/** Sends a notice to the user (see above for who gets none). Never throws. */
export async function sendSecurityNotice(
  who: { tenantId: string; userId: string },
  kind: NoticeKind,
  facts: NoticeFacts,
): Promise<boolean> {
  try {
    const user = await getItem(keys.user(who.tenantId, who.userId));
    const to = typeof user?.email === 'string' ? user.email : '';
    const username = String(user?.username ?? '');
    if (!to || DEMO_USERNAMES.includes(username)) return false;
    const settings = await readCompanySettings(who.tenantId);
    const name = [user?.firstName, user?.lastName].filter(Boolean).join(' ') || username;
    const email = companyNoticeEmail(
      settings.preferences?.language,
      kind,
      {
        username,
        name,
        company: settings.name,
        region: companyRegion(settings),
        timeZone: companyTimezone(settings),
      },
      facts,
    );
    await sendEmail({ to, ...email });
    return true;
  } catch (err) {
    rootLogger.warn('security notice not sent', { kind, error: String(err) });
    return false;
  }
}
