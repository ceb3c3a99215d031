/**
 * The raw-text test (issue 27, "Words a person reads"): the demo company's alerts, audit log,
 * emails and PDFs, rendered in English and Arabic as a person reads them, carry no snake_case code
 * (`oil_change`), no dotted message key (`collections.method.check`) and no ISO timestamp
 * (`2026-11-26T08:00`). Alerts and the audit log are rendered by the same shared functions the
 * web pages use (shared/alert-text.ts, shared/audit-text.ts); PDFs are read back with
 * poppler's pdftotext; emails from the SES emulator's store. Also: every alert links somewhere.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { alertText } from '../../shared/alert-text';
import type { Alert } from '../../shared/alerts';
import { formatMoney, toMinor } from '../../shared/money';
import { rawBits, textFormat, type ReadableLanguage } from '../../shared/readable';
import { DEMO_CREDENTIALS } from '../../shared/schemas/auth';
import type { AuditEntry } from '../../shared/schemas/security';
import { auditActionText, auditDetailsText, auditEntityText } from '../../shared/audit-text';
import { BASE_URL, get, post, unique } from './client';
import { login } from './fixtures';

const LANGS: ReadableLanguage[] = ['en', 'ar'];
let token = '';
let region = 'AE';
let timeZone = 'Asia/Dubai';
let tenantId = '';

const fmtOf = (language: ReadableLanguage) => ({
  ...textFormat(region, language, timeZone),
  money: (n: number) => formatMoney(toMinor(n), region, language),
});

/** Every raw bit in a set of texts, each with where it was found (empty when all read well). */
function rawIn(texts: Record<string, string>): string[] {
  return Object.entries(texts).flatMap(([where, text]) =>
    rawBits(text).map((bit) => `${where}: ${bit} in «${text.slice(0, 200)}»`),
  );
}

const tmp = mkdtempSync(join(tmpdir(), 'raw-text-'));
/** A PDF's text as poppler reads it (what a person sees on the page). */
function pdfText(bytes: Uint8Array, name: string): string {
  expect(Buffer.from(bytes.subarray(0, 5)).toString(), name).toBe('%PDF-');
  const file = join(tmp, `${name}.pdf`);
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}
const fetchBytes = async (url: string, auth = false) =>
  new Uint8Array(
    await (
      await fetch(
        url.startsWith('/') ? `${BASE_URL.replace('localhost', '127.0.0.1')}${url}` : url,
        auth ? { headers: { authorization: `Bearer ${token}` } } : {},
      )
    ).arrayBuffer(),
  );

beforeAll(async () => {
  const session = await login(DEMO_CREDENTIALS.username, DEMO_CREDENTIALS.password);
  token = session.token;
  tenantId = session.user.tenantId;
  const settings = (await get('/api/v1/company/settings', token)).body as {
    timezone?: string;
    preferences?: { region?: string };
  };
  region = settings.preferences?.region ?? region;
  timeZone = settings.timezone ?? timeZone;
});

describe('raw-text: the demo company reads in words, English and Arabic', () => {
  it('self-check: the detector finds codes, keys and timestamps, and lets e-mails, URLs and words through', () => {
    expect(rawBits('Past due: oil_change for Camry')).toEqual(['snake: oil_change']);
    expect(rawBits('Method collections.method.check')).toEqual(['dotted: collections.method.check']);
    expect(rawBits('At 2026-11-26T08:00:00.000Z')).toEqual(['iso: 2026-11-26T08:']);
    expect(
      rawBits(
        'Mail owner@demo.sayyara.test or open https://app.example/x_y?a.b.c=1 and /dashboard/security?tab=risk, 26/11/2026 08:00',
      ),
    ).toEqual([]);
  });

  it('alerts: every alert of the demo (all statuses) has a readable title and description in both languages, and a link', async () => {
    const alerts: Alert[] = [];
    for (let cursor: string | null = null, first = true; first || cursor; first = false) {
      const page = (
        await get(`/api/v1/alerts?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, token)
      ).body as { items: Alert[]; nextCursor: string | null };
      alerts.push(...page.items);
      cursor = page.nextCursor;
    }
    expect(alerts.length).toBeGreaterThan(5);
    // The demo raises maintenance alerts: their service is a code in the params (oil_change…), read as words.
    expect(alerts.some((a) => a.type.startsWith('maintenance_') && /_/.test(a.params.service ?? ''))).toBe(true);
    const texts: Record<string, string> = {};
    for (const a of alerts) {
      for (const lang of LANGS) {
        const { title, description } = alertText(a, fmtOf(lang));
        texts[`${a.type}/${lang}/title`] = title;
        texts[`${a.type}/${lang}/description`] = description;
        expect(title.trim(), `${a.type} ${lang}`).not.toBe('');
      }
      expect(a.actionUrl, `${a.type} links to its list or page`).toMatch(/^\/[a-z]/);
    }
    expect(rawIn(texts)).toEqual([]);
    // Arabic titles are Arabic (not the stored English) for every type the catalogue knows.
    const ar = alerts.map((a) => alertText(a, fmtOf('ar')).title);
    expect(ar.every((t) => /[\u0600-\u06FF]/.test(t))).toBe(true);
  });

  it('audit log: actions, records and details read as words in both languages (sign-ins, risk notes, changes)', async () => {
    const entries: AuditEntry[] = [];
    for (let cursor: string | null = null, first = true; (first || cursor) && entries.length < 600; first = false) {
      const page = (
        await get(`/api/v1/security/audit?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, token)
      ).body as { items: AuditEntry[]; nextCursor: string | null };
      expect(page.items, JSON.stringify(page).slice(0, 300)).toBeDefined();
      entries.push(...page.items);
      cursor = page.nextCursor;
    }
    expect(entries.length).toBeGreaterThan(10);
    expect(entries.some((e) => e.action === 'auth.login')).toBe(true);
    expect(entries.some((e) => /risk/.test(e.summary ?? ''))).toBe(true);
    const texts: Record<string, string> = {};
    for (const e of entries) {
      for (const lang of LANGS) {
        texts[`${e.action}/${lang}/action`] = auditActionText(e.action, lang);
        texts[`${e.action}/${lang}/entity`] = auditEntityText(e.entity, lang);
        texts[`${e.action}/${lang}/details`] = auditDetailsText(e.summary, fmtOf(lang));
      }
    }
    expect(rawIn(texts)).toEqual([]);
    expect(auditActionText('auth.login', 'en')).toBe('Sign-in: signed in');
    expect(auditActionText('auth.login', 'ar')).toBe('تسجيل الدخول: سجّل الدخول');
  });

  it('PDFs: the contract, an inspection sheet, the bank statement and a report, in English and Arabic', async () => {
    const texts: Record<string, string> = {};
    // A rental on hire (the demo always has some; its newest 20 may all be bookings or cancellations).
    const onHire = (await get('/api/v1/rentals?status=active&limit=5', token)).body.items as {
      id: string;
      status: string;
      referenceNumber: string;
    }[];
    const rental = onHire[0] ?? ((await get('/api/v1/rentals?limit=20', token)).body.items as typeof onHire)[0]!;
    const contract = await get(`/api/v1/rentals/${rental.id}/contract`, token);
    expect(contract.status, JSON.stringify(contract.body)).toBe(200);
    texts.contract = pdfText(await fetchBytes(contract.body.url as string), 'contract');
    // The contract's status in words, both languages; its dates in the company's format.
    expect(texts.contract).toMatch(/Active|Pending|Overdue|Completed|Cancelled/);

    const inspections = (await get('/api/v1/inspections?limit=20', token)).body.items as {
      id: string;
      status: string;
    }[];
    const signed = inspections.filter((i) => i.status === 'signed');
    expect(signed.length).toBeGreaterThan(0);
    for (const [n, i] of signed.slice(0, 2).entries()) {
      const detail = (await get(`/api/v1/inspections/${i.id}`, token)).body as {
        pdfUrl: string;
        inspectorName: string;
      };
      const text = pdfText(await fetchBytes(detail.pdfUrl), `inspection-${n}`);
      texts[`inspection-${n}`] = text;
      // A person's name, not the username (demo usernames are dotted or bare logins).
      expect(text).toMatch(/Inspected by\s+\S+ \S+/);
      // The company's date format (DD/MM/YYYY in the UAE).
      if (region !== 'US') expect(text).toMatch(/\d\d\/\d\d\/\d{4}/);
    }

    const accounts = (await get('/api/v1/finance/accounts', token)).body.items as {
      id: string;
      name: string | null;
      iban: string | null;
    }[];
    const bank = accounts.find((a) => a.name && a.iban)!;
    for (const lang of LANGS) {
      const text = pdfText(
        await fetchBytes(`/api/v1/finance/accounts/${bank.id}/statement?format=pdf&lang=${lang}`, true),
        `statement-${lang}`,
      );
      texts[`statement-${lang}`] = text;
      // The IBAN is shown whole (grouped by four), never cut across lines.
      expect(text.replace(/\s+/g, '')).toContain(bank.iban!);
      expect(text).toContain(bank.iban!.slice(0, 4));
    }
    for (const lang of LANGS) {
      texts[`report-${lang}`] = pdfText(
        await fetchBytes(`/api/v1/reports/operational-kpis?period=30d&format=pdf&lang=${lang}`, true),
        `report-${lang}`,
      );
    }
    expect(rawIn(texts)).toEqual([]);
  }, 120_000);

  it('emails: the invoice email and the weekly security report the demo company sends read in words', async () => {
    const to = `${unique('words')}@example.test`;
    const invoices = (await get('/api/v1/invoices?limit=50', token)).body.items as { id: string; status: string }[];
    const issued = invoices.find((i) => i.status !== 'draft' && i.status !== 'void');
    expect(issued).toBeDefined();
    const sent = await post(`/api/v1/invoices/${issued!.id}/email`, { to }, token);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    // The weekly security report, for a week of its own (idempotent per week).
    const { reportCompanyWeek } = await import('../../functions/security-report/report');
    const week = {
      week: `2019-W${String(10 + Math.floor(Math.random() * 40)).padStart(2, '0')}`,
      from: '2019-03-04',
      to: '2019-03-10',
    };
    expect(tenantId).not.toBe('');
    await reportCompanyWeek(tenantId, week);
    const store = (await (await fetch(`${process.env.SES_ENDPOINT}/store`)).json()) as {
      emails: { destination: unknown; subject: string; body: { text?: string } }[];
    };
    const mine = store.emails.filter(
      (e) => JSON.stringify(e.destination).includes(to) || e.subject.includes(week.week),
    );
    expect(mine.length).toBeGreaterThanOrEqual(2);
    const texts = Object.fromEntries(
      mine.flatMap((e, n) => [
        [`email-${n}/subject`, e.subject],
        [`email-${n}/text`, e.body.text ?? ''],
      ]),
    );
    expect(rawIn(texts)).toEqual([]);
  }, 120_000);
});
