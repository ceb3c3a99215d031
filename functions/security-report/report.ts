import { tenantPk } from '../lib/data/keys';
import { getItem, putItem, queryAll, transact, tx, updateRaw, type Item } from '../lib/data/repo';
import { isConditionFailure } from '../lib/errors';
import { sendEmail } from '../lib/email';
import { companyRegion, companyTimezone, readCompanySettings } from '../lib/company-settings';
import type { NotableEvent } from '../../shared/schemas/security';
import { directoryPage, listUsers } from './deps';

/**
 * The weekly security report (issue 16, "security reports"): the security report of DESIGN.md §17
 * (tier 7), apart from the security guard and risk feed (functions/security, tier 1) because it
 * reads the tenant directory and each company's users through auth. The company reads its reports
 * and job logs through the security Lambda (security/reports.ts, security/job-runs.ts).
 *
 * Items:
 *  - report:  T#{t}#SEC_REPORT / {week} (ISO week, e.g. 2026-W47): counts and notable events of the
 *             week Monday 00:00 – Monday 00:00 UTC, the OWNERs it was emailed to. Claimed with a
 *             conditional put before the email goes out, so a re-run (or two runs at once) neither
 *             writes nor emails a company's week twice; a claim whose email failed is retried.
 *  - job run: T#{t}#JOBRUN / {startedAt}#{job}: one per company a scheduled job worked for (status,
 *             counts, errors) — what GET /api/v1/jobs/runs shows the company. The platform-wide run
 *             items (G#JOBRUN#{JOB}) stay the operator's (/admin-tools).
 * The job reads the tenant directory page by page (DESIGN.md §15: no Scan); each company costs one
 * Query of its week of audit items (sign-in and security events only are counted) and one of its risk feed.
 */
const reportKey = (t: string, week: string) => ({ pk: tenantPk(t, 'SEC_REPORT'), sk: week });

/** The ISO week that ended before `now`: its id and its [from, to) bounds in UTC (unit-tested). */
export function previousIsoWeek(now: Date): { week: string; from: string; to: string } {
  const day = (now.getUTCDay() + 6) % 7; // Monday 0
  const thisMonday = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - day);
  const from = new Date(thisMonday - 7 * 86_400_000);
  // ISO week number: the week holding that Monday's Thursday.
  const thursday = new Date(from.getTime() + 3 * 86_400_000);
  const yearStart = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  const week = Math.floor((thursday.getTime() - yearStart) / 86_400_000 / 7) + 1;
  return {
    week: `${thursday.getUTCFullYear()}-W${String(week).padStart(2, '0')}`,
    from: from.toISOString(),
    to: new Date(thisMonday).toISOString(),
  };
}

const COUNTED: Record<string, string> = {
  'auth.login': 'signins',
  'auth.login_failed': 'failedSignins',
  'auth.lockout': 'lockouts',
  'auth.geo_blocked': 'geoBlocked',
  'security.geo_alert': 'geoAlerts',
  'auth.mfa_challenge': 'mfaChallenges',
  'auth.session_revoked': 'sessionsRevoked',
  'security.device_blocked': 'devicesBlocked',
  'security.device_trusted': 'devicesTrusted',
};

/** The week's figures of one company (exported for the demo seed and tests). */
export async function buildReport(tenantId: string, from: string, to: string) {
  // sk `{at}#{id}`: every item of [from, to) sorts between `from` and `to` (one at exactly `to` sorts after it).
  const range: [string, string] = [from, to];
  const [audit, risk] = await Promise.all([
    queryAll<Item>({
      tenantId,
      pk: tenantPk(tenantId, 'AUDIT'),
      skBetween: range,
      max: 20_000,
      filter: {
        expression: 'begins_with(#a, :auth) OR begins_with(#a, :sec)',
        names: { '#a': 'action' },
        values: { ':auth': 'auth.', ':sec': 'security.' },
      },
    }),
    queryAll<Item>({ tenantId, pk: tenantPk(tenantId, 'RISK'), skBetween: range, max: 5000 }),
  ]);
  // The wording (the security catalog, both languages) is loaded here, not at module load: the
  // demo reset imports this module but words no report.
  const { notableText } = await import('../../shared/security-report-text');
  const counts: Record<string, number> = Object.fromEntries(
    [...Object.values(COUNTED), 'riskMedium', 'riskHigh', 'riskCritical', 'riskyActions'].map((k) => [k, 0]),
  );
  for (const a of audit) if (COUNTED[String(a.action)]) counts[COUNTED[String(a.action)]!]!++;
  for (const r of risk) {
    if (r.kind === 'action') counts.riskyActions!++;
    if (r.level === 'medium') counts.riskMedium!++;
    if (r.level === 'high') counts.riskHigh!++;
    if (r.level === 'critical') counts.riskCritical!++;
  }
  // Notable events keep their facts (the email and the page word them in the reader's language) and
  // an English sentence (what the API answered before; shown for reports written without the facts).
  const notable: NotableEvent[] = [
    ...risk
      .filter((r) => r.level === 'high' || r.level === 'critical')
      .map((r): NotableEvent => {
        const facts =
          r.kind === 'action'
            ? {
                kind: 'action' as const,
                username: String(r.username),
                signals: (r.signals as string[]).slice(0, 1),
                summary: String(r.summary),
              }
            : {
                kind: 'signin' as const,
                username: String(r.username),
                country: String(r.country ?? '??'),
                signals: r.signals as string[],
                outcome: String(r.outcome),
              };
        return {
          at: String(r.at),
          level: String(r.level),
          ...facts,
          text: notableText('en', { at: '', level: '', text: '', ...facts }),
        };
      }),
    ...audit
      .filter((a) => a.action === 'auth.lockout' || a.action === 'auth.geo_blocked')
      .map((a): NotableEvent => {
        const facts =
          a.action === 'auth.lockout'
            ? { kind: 'lockout' as const, username: String(a.username) }
            : { kind: 'geoBlocked' as const, username: String(a.username), country: String(a.country ?? '??') };
        return {
          at: String(a.at),
          level: 'medium',
          ...facts,
          text: notableText('en', { at: '', level: '', text: '', ...facts }),
        };
      }),
  ]
    .sort((a, b) => b.at.localeCompare(a.at))
    .slice(0, 15);
  return { counts, notable };
}

/** One company's report for one week: claimed, built, emailed to its OWNERs, marked sent. Returns what happened. */
export async function reportCompanyWeek(
  tenantId: string,
  w: { week: string; from: string; to: string },
): Promise<'sent' | 'exists' | 'no-owner-email'> {
  const key = reportKey(tenantId, w.week);
  const existing = await getItem(key);
  if (existing?.status === 'sent') return 'exists';
  const report = await buildReport(tenantId, w.from, w.to);
  const now = new Date().toISOString();
  if (!existing) {
    try {
      await transact([
        tx.putNew({
          ...key,
          entityType: 'SEC_REPORT',
          week: w.week,
          from: w.from,
          to: w.to,
          createdAt: now,
          status: 'claimed',
          ...report,
          emailedTo: [],
        }),
      ]);
    } catch (err) {
      if (isConditionFailure(err)) return 'exists';
      throw err;
    }
  }
  const [settings, users] = await Promise.all([readCompanySettings(tenantId), listUsers(tenantId)]);
  const owners = [
    ...new Set(
      users
        .filter((u) => u.role === 'OWNER' && u.status === 'active' && !u.isArchived && u.email)
        .map((u) => String(u.email)),
    ),
  ];
  const { companyReportEmail } = await import('../../shared/security-report-text');
  const email = companyReportEmail(settings.preferences?.language, {
    company: settings.name,
    week: w.week,
    region: companyRegion(settings),
    timeZone: companyTimezone(settings),
    ...report,
  });
  for (const to of owners) await sendEmail({ to, ...email });
  await updateRaw({
    Key: key,
    UpdateExpression: 'SET #s = :sent, emailedTo = :to, sentAt = :now',
    ExpressionAttributeNames: { '#s': 'status' },
    ExpressionAttributeValues: { ':sent': 'sent', ':to': owners, ':now': new Date().toISOString() },
  });
  return owners.length ? 'sent' : 'no-owner-email';
}

/**
 * Scheduled job 'security-report' (events/schedules.ts, Mondays 05:00 UTC): every active company
 * in the tenant directory gets last week's report. `includes` (onlyTenants) limits a run (an operator, a test).
 * It fans out (issue 30): a unit is one company, found by reading the directory's pages once; the unit is
 * idempotent per company and ISO week (the report item's claim and its `sent` status).
 */
export async function* securityReportUnits(
  includes: (tenantId: string) => boolean,
): AsyncGenerator<{ tenantId: string }> {
  let start: Record<string, unknown> | undefined;
  do {
    const page = await directoryPage(start);
    start = page.next;
    for (const tenantId of page.tenantIds) if (includes(tenantId)) yield { tenantId };
  } while (start);
}

/** One company's report of the week before `now`: its figures (the company's job log line and the run's sums). */
export async function securityReportUnit({ tenantId }: { tenantId: string }, now: Date) {
  const outcome = await reportCompanyWeek(tenantId, previousIsoWeek(now));
  return {
    reports: outcome === 'exists' ? 0 : 1,
    emails: outcome === 'sent' ? 1 : 0,
    sent: outcome === 'sent' ? 1 : 0,
    existing: outcome === 'exists' ? 1 : 0,
    noOwnerEmail: outcome === 'no-owner-email' ? 1 : 0,
  };
}
