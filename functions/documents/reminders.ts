import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { sesClient } from '../lib/clients/ses';
import { config } from '../lib/config';
import { appLink } from '../lib/app-url';
import { sortKey } from '../lib/data/keys';
import { dueIndexPages, dueShardPk } from '../lib/data/due-index';
import { recordCompanyJobRun, startJobRun } from '../lib/jobs/run-record';
import { getItem, queryAll, transact, tx, updateRaw, type Item } from '../lib/data/repo';
import { companyPages, eachKey } from '../lib/jobs/units';
import { auditItem } from '../lib/data/audit';
import { systemActor } from '../lib/actor';
import { isConditionFailure } from '../lib/errors';
import { companyRegion, companyToday, readCompanySettings, type CompanySettings } from '../lib/company-settings';
import { formatDate } from '../../shared/regions';
import { documentValidity } from '../../shared/schemas/documents';
import { documents as catalog } from '../../shared/i18n/documents';
import { messageText } from '../../shared/i18n/plural';
import { labelsOf } from './deps';
import {
  documentKey,
  PENDING_REMINDERS_GSI_PK,
  reminderKey,
  reminderPk,
  REMINDERS_GSI_PK,
  type DocumentItem,
} from './model';
import { addDays } from '../../shared/calendar';

/**
 * Document expiry reminder job (events/schedules.ts 'document-reminders', daily; DESIGN.md §15).
 *
 * Reads the sparse index gsi2 `G#DOC_REMINDERS` (only latest documents with an expiry date; sk
 * `{nextReminderOn}#{tenantId}#{docId}`), one key range "due up to tomorrow in UTC" (time zones
 * ahead of UTC), then decides per document on the company's own calendar day:
 *   stage `due_soon`   when 0 ≤ days left ≤ reminderThreshold (next: the day after expiry),
 *   stage `expired`    the first week after expiry (next: a week later),
 *   stage `expired_wN` weekly while expired and not replaced, at most 12 weeks (then the
 *                      document leaves the index: a car sold or a document no longer needed
 *                      should not mail the owner every week forever).
 * Exactly once per (document, expiry date, stage): ONE transaction creates the marker
 * (document_reminders, attribute_not_exists) and moves the document's index entry to the next
 * stage on a condition on the old entry, so a second run — even at the same moment — finds
 * nothing to claim. The email is sent after the claim; the marker then says `sent`. A marker
 * claimed but not sent (a crash, SES down) stays on `G#DOC_REMINDERS_PENDING` and the next run
 * sends it. Recipients: the company's email and the document's assignee when it is an address.
 * The company's notification settings (email channel, "document expiring" event) turn it off.
 * Each run records a run item (started, finished, counts, errors).
 */
export const MAX_EXPIRED_WEEKS = 12;
const PENDING_RETRY_AFTER_MS = 5 * 60_000;

export interface ReminderRunResult {
  candidates: number;
  sent: number;
  claimedByOther: number;
  notYet: number;
  disabled: number;
  noRecipient: number;
  retried: number;
  errors: number;
  startedAt: string;
  finishedAt: string;
  /** 'manual': "Run now" by an OWNER/ADMIN for their own company (tenantId set). */
  trigger: 'schedule' | 'manual';
  tenantId: string | null;
  /** The reminder emails this run sent (a company's run answers them; the schedule's run only counts them). */
  emails: ReminderEmail[];
}

export interface ReminderEmail {
  documentId: string;
  title: string;
  stage: string;
  expiryDate: string;
  recipients: string[];
  subject: string;
  language: 'en' | 'ar';
  sentAt: string;
}

export interface ReminderRunOptions {
  /** Only this company's documents (the "Run now" of an OWNER/ADMIN); the schedule runs every company. */
  tenantId?: string;
  trigger?: 'schedule' | 'manual';
  /** Who ran it (manual runs). */
  runBy?: string;
}

/** The stage a document is in on `today`, and when the next one starts (undefined: none). */
export function reminderStage(expiryDate: string, threshold: number, today: string): { stage?: string; next?: string } {
  const { daysLeft } = documentValidity(expiryDate, today, threshold);
  if (daysLeft === null) return {};
  if (daysLeft > threshold) return { next: addDays(expiryDate, -threshold) };
  if (daysLeft >= 0) return { stage: 'due_soon', next: addDays(expiryDate, 1) };
  const week = Math.floor((-daysLeft - 1) / 7);
  if (week > MAX_EXPIRED_WEEKS) return {};
  return {
    stage: week === 0 ? 'expired' : `expired_w${week}`,
    next: week === MAX_EXPIRED_WEEKS ? undefined : addDays(expiryDate, 1 + 7 * (week + 1)),
  };
}

const isEmail = (v: unknown): v is string => typeof v === 'string' && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v);

interface Company {
  settings: CompanySettings;
  today: string;
  enabled: boolean;
}

function emailOf(doc: DocumentItem, stage: string, today: string, company: Company, label: string | undefined) {
  const lang = company.settings.preferences?.language === 'ar' ? 'ar' : 'en';
  const m = catalog[lang].reminder;
  const { daysLeft } = documentValidity(doc.expiryDate, today, doc.reminderThreshold);
  const kind = stage === 'due_soon' ? m.subjectDueSoon : m.subjectExpired;
  const subject = `${kind}: ${doc.title}`;
  const lines = [
    m.intro.replace('{{company}}', String(company.settings.name ?? '')),
    '',
    `${m.document}: ${doc.title} (${catalog[lang].type[doc.documentType]})`,
    ...(label ? [`${doc.scope === 'vehicle' ? m.vehicle : m.customer}: ${label}`] : []),
    `${m.expiryDate}: ${doc.expiryDate ? formatDate(doc.expiryDate, companyRegion(company.settings), lang) : ''}`,
    daysLeft! >= 0 ? m.daysLeft.replace('{{n}}', String(daysLeft)) : messageText(lang, m.daysAgo, { n: -daysLeft! }),
    '',
    `${m.open}: ${appLink('/documents', { scope: doc.scope, id: doc.id })}`,
  ];
  return { subject, text: lines.join('\n'), lang };
}

async function send(to: string[], subject: string, text: string): Promise<string> {
  const res = await sesClient().send(
    new SendEmailCommand({
      FromEmailAddress: config().sesFromAddress,
      Destination: { ToAddresses: to },
      Content: {
        Simple: { Subject: { Data: subject, Charset: 'UTF-8' }, Body: { Text: { Data: text, Charset: 'UTF-8' } } },
      },
    }),
  );
  return res.MessageId ?? '';
}

async function markSent(marker: Item, messageId: string): Promise<string> {
  const sentAt = new Date().toISOString();
  await updateRaw({
    Key: { pk: marker.pk, sk: marker.sk },
    UpdateExpression: 'SET #s = :sent, sentAt = :at, messageId = :mid REMOVE gsi2pk, gsi2sk',
    ConditionExpression: '#s = :claimed',
    ExpressionAttributeNames: { '#s': 'status' },
    ExpressionAttributeValues: { ':sent': 'sent', ':claimed': 'claimed', ':at': sentAt, ':mid': messageId },
  });
  return sentAt;
}

/** The company a reminder index entry belongs to: its sort key is `{day or time}#{tenantId}#{docId}[#stage]`. */
const tenantOfIndexEntry = (it: Record<string, unknown>) => String(it.gsi2sk).split('#')[1];

/**
 * A unit of the reminder job (issue 30): a page (≤ 25) of one company's claimed-but-unsent markers
 * (`pending`: [documentId, marker sort key]) or of its documents due a reminder (`documents`: their index sort keys
 * `{day}#{tenantId}#{docId}`, which the unit's claim is conditioned on). Found by reading each index's range once.
 */
export interface ReminderUnit {
  tenantId: string;
  pending?: [string, string][];
  documents?: string[];
}

export async function* reminderUnits(
  now: Date,
  includes: (tenantId: string) => boolean,
  pageSize = 100,
): AsyncGenerator<ReminderUnit> {
  // 1. Claimed but never confirmed sent (a crash half-way): sent first.
  const stale = new Date(now.getTime() - PENDING_RETRY_AFTER_MS).toISOString();
  const markers = dueIndexPages(PENDING_REMINDERS_GSI_PK, { through: stale }, pageSize);
  const marker = (m: Item) => ({
    tenantId: tenantOfIndexEntry(m),
    key: [String(m.documentId), String(m.sk)] as [string, string],
  });
  for await (const { tenantId, keys } of companyPages(markers, marker, includes)) yield { tenantId, pending: keys };
  // 2. Documents whose next reminder day has come somewhere on Earth.
  const bound = `${addDays(now.toISOString().slice(0, 10), 1)}#~`;
  const docs = dueIndexPages(REMINDERS_GSI_PK, { through: bound }, pageSize);
  const doc = (idx: Item) => ({ tenantId: tenantOfIndexEntry(idx), key: String(idx.gsi2sk) });
  for await (const { tenantId, keys } of companyPages(docs, doc, includes)) yield { tenantId, documents: keys };
}

export interface ReminderUnitOptions {
  trigger: 'schedule' | 'manual';
  runBy?: string;
  /** Collects the emails the unit sent (a company's "Run now" answers them). */
  emails?: ReminderEmail[];
}

/**
 * One unit: its documents' reminders claimed and sent, each exactly once per (document, expiry date, stage). Its
 * figures; throws after the unit's other keys when one failed (the unit is retried; what was done is claimed).
 */
export async function reminderUnit(unit: ReminderUnit, now: Date, opts: ReminderUnitOptions) {
  const counts = { candidates: 0, sent: 0, claimedByOther: 0, notYet: 0, disabled: 0, noRecipient: 0, retried: 0 };
  const { tenantId } = unit;
  const sentEmail = (m: Item, sentAt: string) =>
    opts.emails?.push({
      documentId: String(m.documentId),
      title: String(m.title ?? ''),
      stage: String(m.stage),
      expiryDate: String(m.expiryDate),
      recipients: m.recipients as string[],
      subject: String(m.subject),
      language: m.language === 'ar' ? 'ar' : 'en',
      sentAt,
    });

  const stale = new Date(now.getTime() - PENDING_RETRY_AFTER_MS).toISOString();
  await eachKey(unit.pending ?? [], async ([docId, sk]) => {
    // The marker as it is now: sent, or claimed again since (a run beside this one, a redelivery), is not ours.
    const m = await getItem({ pk: reminderPk(tenantId, docId), sk });
    if (!m || m.status !== 'claimed' || String(m.claimedAt) > stale) {
      counts.claimedByOther++;
      return;
    }
    try {
      // Re-claim on the old claim time so two runs do not both resend it.
      const claimedAt = new Date().toISOString();
      await updateRaw({
        Key: { pk: m.pk, sk: m.sk },
        UpdateExpression: 'SET claimedAt = :now, gsi2sk = :sk',
        ConditionExpression: '#s = :claimed AND claimedAt = :old',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: {
          ':now': claimedAt,
          ':sk': sortKey(claimedAt, tenantId, docId, String(m.stage)),
          ':claimed': 'claimed',
          ':old': m.claimedAt,
        },
      });
    } catch (err) {
      if (isConditionFailure(err)) {
        counts.claimedByOther++;
        return;
      }
      throw err;
    }
    sentEmail(m, await markSent(m, await send(m.recipients as string[], String(m.subject), String(m.body))));
    counts.retried++;
  });

  if (!unit.documents?.length) return counts;
  const settings = await readCompanySettings(tenantId, '');
  const ns = settings.notificationSettings;
  const company: Company = {
    settings,
    today: companyToday(settings, now),
    enabled: !ns || (ns.channels?.email !== false && ns.events?.documentExpiring !== false),
  };
  await eachKey(unit.documents, async (indexSk) => {
    counts.candidates++;
    const docId = indexSk.split('#')[2];
    if (!company.enabled) {
      counts.disabled++;
      return;
    }
    const doc = (await getItem(documentKey(tenantId, docId))) as DocumentItem | undefined;
    if (!doc || !doc.isLatest || !doc.expiryDate || doc.gsi2sk !== indexSk) {
      counts.claimedByOther++;
      return;
    }
    const { stage, next } = reminderStage(doc.expiryDate, doc.reminderThreshold, company.today);
    if (!stage) {
      if (next && next > company.today) {
        counts.notYet++;
        return;
      }
    }
    const recipients = [...new Set([company.settings.email, doc.assignee].filter(isEmail))];
    const moveIndex = tx.raw('Update', {
      Key: documentKey(tenantId, docId),
      UpdateExpression: next ? 'SET gsi2sk = :next' : 'REMOVE gsi2pk, gsi2sk',
      ConditionExpression: 'gsi2sk = :old',
      ExpressionAttributeValues: { ':old': doc.gsi2sk, ...(next ? { ':next': sortKey(next, tenantId, docId) } : {}) },
    });
    if (!stage) {
      // Past the last weekly reminder: leave the index.
      await transact([moveIndex]);
      return;
    }
    if (!recipients.length) {
      counts.noRecipient++;
      return;
    }
    const mail = emailOf(doc, stage, company.today, company, await labelsOf(tenantId, doc.vehicleId, doc.customerId));
    const claimedAt = new Date().toISOString();
    const markerKey = reminderKey(tenantId, docId, doc.expiryDate, stage);
    const marker: Item = {
      ...markerKey,
      entityType: 'DOC_REMINDER',
      tenantId,
      documentId: docId,
      title: doc.title,
      stage,
      expiryDate: doc.expiryDate,
      recipients,
      subject: mail.subject,
      body: mail.text,
      language: mail.lang,
      trigger: opts.trigger,
      ...(opts.runBy ? { runBy: opts.runBy } : {}),
      status: 'claimed',
      claimedAt,
      gsi2pk: dueShardPk(PENDING_REMINDERS_GSI_PK, markerKey),
      gsi2sk: sortKey(claimedAt, tenantId, docId, stage),
      createdAt: claimedAt,
    };
    try {
      await transact([
        tx.putNew(marker),
        moveIndex,
        tx.putNew(
          auditItem(systemActor(tenantId), 'document.reminder', 'document', docId, {
            note: `${stage} → ${recipients.length} recipient(s)`,
          }),
        ),
      ]);
    } catch (err) {
      if (isConditionFailure(err) || (err as Error).name === 'TransactionConflictException') {
        counts.claimedByOther++;
        return;
      }
      throw err;
    }
    sentEmail(marker, await markSent(marker, await send(recipients, mail.subject, mail.text)));
    counts.sent++;
  });
  return counts;
}

/**
 * A run of the reminder units here, one after another: a company's "Run now" (OWNER/ADMIN; `tenantId` set), or
 * every company's (tests). The scheduled job (functions/jobs/document-reminders.ts) fans the same units out.
 */
export async function runDocumentReminders(
  now = new Date(),
  pageSize = 100,
  opts: ReminderRunOptions = {},
): Promise<ReminderRunResult> {
  const startedAt = new Date().toISOString();
  const only = opts.tenantId;
  const r: ReminderRunResult = {
    candidates: 0,
    sent: 0,
    claimedByOther: 0,
    notYet: 0,
    disabled: 0,
    noRecipient: 0,
    retried: 0,
    errors: 0,
    startedAt,
    finishedAt: '',
    trigger: opts.trigger ?? 'schedule',
    tenantId: only ?? null,
    emails: [],
  };
  // The same claim markers make a company's "Run now" and the schedule exactly-once together:
  // whichever runs first sends a stage's reminder, the other finds nothing to claim.
  const run = startJobRun('document-reminders', startedAt);
  const unitOpts = { trigger: r.trigger, runBy: opts.runBy, emails: only ? r.emails : undefined };
  for await (const unit of reminderUnits(now, (t) => !only || t === only, pageSize)) {
    try {
      const counts = await reminderUnit(unit, now, unitOpts);
      for (const [k, v] of Object.entries(counts)) r[k as keyof typeof counts] += v;
    } catch (err) {
      r.errors++;
      run.sample(`${unit.tenantId}: ${(err as Error).name}`);
    }
  }

  r.finishedAt = new Date().toISOString();
  const { emails, ...counts } = r;
  const record = {
    startedAt,
    finishedAt: r.finishedAt,
    counts: { ...counts, emailCount: emails.length },
    errors: r.errors,
    errorSamples: run.errorSamples,
    detail: { trigger: r.trigger, runBy: opts.runBy },
  };
  // A company's "Run now" is a line of its job log (one shape, time first); the schedule's run is the platform's.
  if (only) await recordCompanyJobRun(only, run.job, record);
  else await run.finish(record.counts, { finishedAt: r.finishedAt, detail: record.detail });
  return r;
}

/** A document's reminder history (every version of its chain), newest first. */
export async function reminderHistory(tenantId: string, documentIds: string[]): Promise<ReminderHistoryEntry[]> {
  const lists = await Promise.all(
    documentIds.map((id) => queryAll({ tenantId, pk: reminderPk(tenantId, id), max: 200 })),
  );
  return lists
    .flat()
    .map((m) => ({
      documentId: String(m.documentId),
      stage: String(m.stage),
      expiryDate: String(m.expiryDate),
      status: m.status === 'sent' ? ('sent' as const) : ('pending' as const),
      recipients: (m.recipients as string[] | undefined) ?? [],
      subject: String(m.subject ?? ''),
      language: m.language === 'ar' ? ('ar' as const) : ('en' as const),
      claimedAt: String(m.claimedAt ?? m.sentAt ?? m.createdAt),
      sentAt: (m.sentAt as string | undefined) ?? null,
      trigger: m.trigger === 'manual' ? ('manual' as const) : ('schedule' as const),
    }))
    .sort((a, b) => b.claimedAt.localeCompare(a.claimedAt));
}

export interface ReminderHistoryEntry {
  documentId: string;
  stage: string;
  expiryDate: string;
  status: 'sent' | 'pending';
  recipients: string[];
  subject: string;
  language: 'en' | 'ar';
  claimedAt: string;
  sentAt: string | null;
  trigger: 'schedule' | 'manual';
}
