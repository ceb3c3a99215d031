/**
 * The weekly security report in words (issue 16), in English or Arabic from the security catalog
 * (shared/i18n/security.ts): the email the OWNERs receive and the notable events the Security
 * Monitoring page lists. Pure, so the server's email and the page say the same thing.
 */
import { security } from './i18n/security';
import { formatDateTime } from './regions';
import { readableText } from './readable';
import type { NotableEvent } from './schemas/security';

export type ReportLanguage = 'en' | 'ar';
type Texts = Pick<(typeof security)['en'], 'risk' | 'reports'>;

const fill = (text: string, params: Record<string, string | number | undefined>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(params[k] ?? ''));
const named = (names: Record<string, string>, key: string | undefined) => (key ? (names[key] ?? key) : '');

/**
 * One notable event in a language: from its facts, or (a report written before they were kept) its stored English text.
 */
export function notableText(language: ReportLanguage, n: NotableEvent): string {
  if (!n.kind) return n.text;
  const m: Texts = security[language];
  const signal = (s: string) => named(m.risk.signal, s);
  return fill(m.reports.notable[n.kind], {
    // Codes in a stored summary ("paid by credit_card") read as words.
    username: n.username,
    country: n.country ?? '??',
    summary: n.summary
      ? readableText(
          n.summary,
          { language, date: (d) => d, dateTime: (d) => d },
          (c) => (m.risk.signal as Record<string, string>)[c],
        )
      : n.summary,
    signals: (n.signals ?? []).map(signal).join(' · '),
    signal: signal(n.signals?.[0] ?? ''),
    outcome: named(m.risk.outcome, n.outcome),
  });
}

export interface ReportForEmail {
  company: string;
  /** The company's region and time zone: notable events' times in its format on its clock (issue 27). */
  region?: string;
  timeZone?: string;
  week: string;
  counts: Record<string, number>;
  notable: NotableEvent[];
}

/** The email's subject and plain-text body in one language. */
export function reportEmail(language: ReportLanguage, r: ReportForEmail): { subject: string; text: string } {
  const m: Texts = security[language];
  const e = m.reports.email;
  const c = { company: r.company, week: r.week, ...r.counts };
  const when = (at: string) =>
    r.region
      ? formatDateTime(at, r.region, language, r.timeZone ? { timeZone: r.timeZone } : {})
      : at.slice(0, 16).replace('T', ' ');
  return {
    subject: fill(e.subject, c),
    text: [
      fill(e.title, c),
      '',
      fill(e.signins, c),
      fill(e.geo, c),
      fill(e.risk, c),
      fill(e.devices, c),
      '',
      ...(r.notable.length
        ? [
            e.notable,
            ...r.notable.map((n) => `- ${when(n.at)} [${named(m.risk.level, n.level)}] ${notableText(language, n)}`),
          ]
        : [m.reports.nothingNotable]),
      '',
      e.footer,
    ].join('\n'),
  };
}

/**
 * The email for a company: in its language setting (as the document reminders do); a company with
 * no single language (none stored) gets both, English first, as the invoice and receivable emails do.
 */
export function companyReportEmail(language: string | undefined, r: ReportForEmail): { subject: string; text: string } {
  if (language === 'en' || language === 'ar') return reportEmail(language, r);
  const en = reportEmail('en', r);
  const ar = reportEmail('ar', r);
  return { subject: `${en.subject} / ${ar.subject}`, text: `${en.text}\n\n${ar.text}` };
}
