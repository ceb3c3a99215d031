import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { ulid } from 'ulid';
import { cognitoClient } from '../lib/clients/cognito';
import { config } from '../lib/config';
import { keys, tenantPk, type Key } from '../lib/data/keys';
import { getItem, queryAll, type Item } from '../lib/data/repo';
import { recordCompanyJobRun, recordJobRun } from '../lib/jobs/run-record';
import { defineJob } from '../lib/jobs/define-job';
import { rootLogger } from '../lib/logger';
import { USER_POOL } from '../../infra/table-definition';
import { DEMO_CREDENTIALS, DEMO_SA_CREDENTIALS } from '../../shared/schemas/auth';
import type { RegionCode } from '../../shared/regions';
import { backfillTenantDirectory, tenantDirectoryEmpty, tenantItems, userItems } from '../auth/api';
import { seedStaff } from '../auth/seed';
import { seedVehicles } from '../vehicles/seed';
import { seedBlacklist, seedCustomers } from '../customers/seed';
import { seedSettings } from '../settings/seed';
import { seedRentals, seedSignedContracts } from '../rentals/seed';
import { recountCustomers } from '../rentals/api';
import { seedAccounting, seedSelfCheck } from '../accounting/seed';
import { seedSecurity } from '../security/seed';
import { seedSecurityReport } from '../security-report/seed';
import { seedInvoices } from '../invoices/seed';
import { markDemoDocumentsSubmitted, seedEInvoicing } from '../einvoicing/seed';
import { seedPayments } from '../payments/seed';
import { seedFinance } from '../finance/seed';
import { seedDocuments } from '../documents/seed';
import { seedMaintenance } from '../maintenance/seed';
import { seedTickets } from '../tickets/api';
import { seedAlerts } from '../alerts/seed';
import { seedAlertRules } from '../alert-rules/seed';
import { seedFleetHealth } from '../fleet-health/api';
import { seedGps } from '../gps/seed';
import { seedInsights } from '../insights/api';
import { seedCollections } from '../collections/api';
import { backfillCompany } from '../analytics/api';
import { deleteBatch, newDemoWorld, writeBatch, type DemoWorld } from '../lib/demo/world';

/**
 * demo-reset (nightly, and on `npm start`'s first run): restores the shared demo company — the
 * one "Try Live Demo" signs in to (demo / demo1234) — to its seeded state. Idempotent: a re-run
 * gives the same company again.
 *
 *  1. Finds the demo tenant through G#USERNAME#demo (created the first time).
 *  2. Deletes every item of the tenant's partitions listed in DEMO_PARTITIONS (Queries on known
 *     keys, never a Scan). Scoped partitions (a vehicle's schedule, a rental's ledger…) are found
 *     from the ids in their parent partition, read before anything is deleted.
 *  3. Makes sure the Cognito user exists with the demo password.
 *  4. Writes the tenant, its settings and the demo user (OWNER, isDemo), then runs every area's
 *     seed in order (SEEDS), each reading what earlier ones put in the DemoWorld.
 *
 * Adding an area: list its partitions in DEMO_PARTITIONS and its seed in SEEDS.
 */
export interface DemoPartition {
  collection: string;
  /** For per-entity partitions (pk T#{t}#{collection}#{entityId}): the collection whose item ids are the scopes. */
  scopedBy?: string;
}

export const DEMO_PARTITIONS: DemoPartition[] = [
  // collections (deposits, open balances, usage shortfalls: kept by rentals; payment reminders)
  { collection: 'DEPOSIT' },
  { collection: 'OPEN_BALANCE' },
  { collection: 'USAGE_SHORTFALL' },
  { collection: 'RECEIVABLE_REMINDER' },
  // platform and identity
  { collection: 'TENANT' },
  { collection: 'SETTINGS' },
  { collection: 'USER' },
  { collection: 'COUNTER' },
  { collection: 'AUDIT' },
  { collection: 'IDEMPOTENCY' },
  { collection: 'JOBRUN' },
  // background tasks (accounting setup, exports: lib/tasks.ts); the export files expire by their S3 lifecycle tag
  { collection: 'TASK' },
  { collection: 'INVOICING_RUN' },
  // vehicles
  { collection: 'VEHICLE' },
  { collection: 'VEHICLE_PLATE' },
  { collection: 'VEHICLE_FACET' },
  // VEHICLE_DOC / CUSTOMER_DOC: documents of before the one documents module (nothing writes them
  // now; the demo's documents are DOC items, documents/seed.ts); still cleared so a demo company
  // reset after the documents-move migration keeps no marked leftovers.
  { collection: 'VEHICLE_DOC', scopedBy: 'VEHICLE' },
  { collection: 'SCHEDULE', scopedBy: 'VEHICLE' },
  // customers and blacklist
  { collection: 'CUSTOMER' },
  { collection: 'CUSTOMER_NOTE', scopedBy: 'CUSTOMER' },
  { collection: 'CUSTOMER_DOC', scopedBy: 'CUSTOMER' },
  { collection: 'BLACKLIST' },
  // rentals
  { collection: 'RENTAL' },
  { collection: 'RENTAL_LEDGER', scopedBy: 'RENTAL' },
  { collection: 'RENTAL_NOTE', scopedBy: 'RENTAL' },
  { collection: 'RENTAL_STATS' },
  { collection: 'CONTRACT_STORAGE' },
  { collection: 'CONTRACT_LINK' },
  { collection: 'ACTIVE_RENTAL' },
  { collection: 'INVOICING_DUE' },
  { collection: 'INVOICED_PERIOD', scopedBy: 'RENTAL' },
  { collection: 'FINANCE_ENTRY' },
  { collection: 'FINANCE_TRANSFER' },
  { collection: 'BANK_ACCOUNT' },
  { collection: 'BANK_IBAN' },
  // accounting
  { collection: 'ACCOUNTING' },
  { collection: 'ACCOUNT' },
  { collection: 'ACCOUNT_CODE' },
  { collection: 'ACCOUNT_BALANCE' },
  { collection: 'GL_MONTH' },
  { collection: 'GL_DAY' },
  { collection: 'VAT_MONTH' },
  { collection: 'VAT_DAY' },
  { collection: 'JOURNAL' },
  { collection: 'GL_PARTY' },
  { collection: 'GL_LINE', scopedBy: 'ACCOUNT' },
  // security (geo rules, sessions: a visitor's refresh keeps working without its session item, sessions.ts)
  { collection: 'SECURITY' },
  { collection: 'MFA' },
  { collection: 'SESSION' },
  { collection: 'DEVICE' },
  { collection: 'SIGNIN_PROFILE' },
  { collection: 'RISK' },
  { collection: 'SEC_REPORT' },
  // invoices
  { collection: 'INVOICE' },
  { collection: 'INVOICE_DUE_WORK' },
  { collection: 'CREDIT_NOTE' },
  { collection: 'DEBIT_NOTE', scopedBy: 'INVOICE' },
  { collection: 'RENTAL_INVOICE', scopedBy: 'RENTAL' },
  { collection: 'INVOICED_CHARGE', scopedBy: 'RENTAL' },
  { collection: 'REVENUE_DUE' },
  { collection: 'REVENUE_DAY' },
  // payments
  { collection: 'PAYMENT' },
  { collection: 'RECEIPT' },
  { collection: 'GATEWAY_TXN' },
  { collection: 'CUSTOMER_CREDIT' },
  { collection: 'INVOICE_PAYMENT', scopedBy: 'INVOICE' },
  // documents
  { collection: 'DOC' },
  { collection: 'DOC_CHAIN', scopedBy: 'DOC' },
  { collection: 'DOC_REMINDER', scopedBy: 'DOC' },
  { collection: 'DOC_OF', scopedBy: 'VEHICLE' },
  { collection: 'DOC_OF', scopedBy: 'CUSTOMER' },
  // maintenance and inspections
  { collection: 'MAINT' },
  { collection: 'SERVICE_PROGRAM' },
  { collection: 'MAINT_PREDICTION' },
  { collection: 'MAINT_PREDICTION_RUN' },
  { collection: 'INSPECTION' },
  { collection: 'INSPECTION_KIND' },
  { collection: 'INSPECTION_CHARGE' },
  // tickets, Salik, alerts
  { collection: 'TICKET' },
  { collection: 'TICKET_NO' },
  { collection: 'TICKET_HIST', scopedBy: 'TICKET' },
  { collection: 'SALIK' },
  { collection: 'SALIK_TX' },
  { collection: 'IMPORT_MAPPING' },
  { collection: 'TICKET_WORK' },
  { collection: 'ALERT' },
  { collection: 'ALERT_KEY' },
  // fleet health
  { collection: 'FLEET_HEALTH' },
  { collection: 'FLEET_HEALTH_RUN' },
  // GPS
  { collection: 'GEOFENCE' },
  { collection: 'GPS_DEVICE' },
  { collection: 'GPS_TRACKER' },
  { collection: 'GPS_EVENT' },
  { collection: 'GPS_SETTINGS' },
  { collection: 'GPS_POS', scopedBy: 'VEHICLE' },
  // insights
  { collection: 'AI_INSIGHT' },
  { collection: 'AI_INSIGHT_KEY' },
  { collection: 'AI_INSIGHT_STATUS' },
  { collection: 'AI_JOB' },
  { collection: 'AI_JOB_DAY' },
  { collection: 'MKT_CAMPAIGN' },
  // analytics aggregates
  { collection: 'AN_DAY' },
  { collection: 'AN_VM' },
  // e-invoicing (the Saudi sister company: onboarding, sealed secrets, chain, issued documents and their XML)
  { collection: 'EINVOICING' },
  { collection: 'EDOC' },
  { collection: 'EDOC_XML' },
  { collection: 'EDOC_DUE' },
];

/** Collections used only as GSI partition keys: their items are cleared through the base partitions above. */
export const GSI_ONLY_COLLECTIONS = [
  'VEHICLE_BY_MAKE',
  'VEHICLE_BY_RATE',
  'CUSTOMER_BY_NAME',
  'CUSTOMER_RENTALS',
  'RENTAL_STATUS',
  'JOURNAL_BY_DATE',
  'JOURNAL_SOURCE',
  'CUSTOMER_INVOICES',
  'INVOICE_STATUS',
  'DOC_LATEST',
  'MAINT_BY_VEHICLE',
  'MAINT_BY_DATE',
  'INSPECTION_BY_RENTAL',
  'INSPECTION_BY_DATE',
  'TICKET_RENTAL',
  'TICKET_MATCH',
  'SALIK_RENTAL',
  'SALIK_MATCH',
  'ALERT_STATUS',
  'GPS_EVENT_V',
  'GPS_EVENT_R',
  'DEPOSIT_STATE',
  'AI_INSIGHT_CAT',
  'AI_INSIGHT_OPEN',
  'AI_INSIGHT_HIST',
  'EDOC_STATUS',
];

/** Area seeds, in dependency order. */
export const SEEDS: Array<[area: string, seed: (world: DemoWorld) => Promise<void>]> = [
  ['staff', seedStaff],
  ['vehicles', seedVehicles],
  ['customers', seedCustomers],
  ['blacklist', seedBlacklist],
  // after vehicles: the demo's default rates per category come from the seeded fleet
  ['settings', seedSettings],
  // after vehicles, customers and settings: bookings, ledgers, schedule blocks, customer counters
  ['rentals', seedRentals],
  // after rentals: the chart, every seeded rental ledger posted, the demo's own books
  ['accounting', seedAccounting],
  ['security', seedSecurity],
  ['security-report', seedSecurityReport],
  // Saudi company only: onboarded to ZATCA (sandbox) before its invoices, so each is born with its e-document
  ['einvoicing', seedEInvoicing],
  // after accounting: invoices issued through the real use cases (credit note reverses in the GL)
  ['invoices', seedInvoices],
  // after invoices: receipts, online payments and partly paid invoices on the open ones
  ['payments', seedPayments],
  // after payments: months of scheduled invoicing runs for the long rentals
  ['finance', seedFinance],
  // after vehicles and customers: documents of the three scopes and the reminders already sent
  ['documents', seedDocuments],
  // after accounting (costs post through the engine) and rentals (odometer history, inspections)
  ['maintenance', seedMaintenance],
  // after accounting: fines and tolls matched to the seeded rentals, some recharged through the books
  ['tickets', seedTickets],
  // after rentals: a week of drives, geofence events linked to the rentals, their alerts
  ['gps', seedGps],
  // after rentals, invoices, payments, tickets: deposits applied and refunded through the real use cases
  ['collections', seedCollections],
  // last: alerts read from everything above
  ['alert-rules', seedAlertRules],
  ['alerts', seedAlerts],
  // after everything a score reads (documents, maintenance, inspections, bookings, GPS)
  ['fleet-health', seedFleetHealth],
  // after every seed that changes rentals: a few contracts signed through the real use case
  ['contracts', seedSignedContracts],
  // after every seed that issues invoices (Saudi company only): the e-documents recorded as reported or cleared
  ['einvoicing-submitted', markDemoDocumentsSubmitted],
  // after every seed that writes rentals: the customers' counters are those of their rentals
  [
    'customer-counters',
    async (world) => {
      await recountCustomers(world.tenantId);
    },
  ],
  // after everything that the seeds wrote directly: the dashboard and report aggregates recomputed
  [
    'analytics',
    async (world) => {
      await backfillCompany(world.tenantId);
    },
  ],
  // after everything: the insights engine over the demo's figures
  ['insights', seedInsights],
  // last: the books' self-check on everything above, stored (the self-check page shows it at once)
  ['self-check', seedSelfCheck],
];

/** A demo company: who it is (the seeds read its region: currency, VAT rate, time zone, addresses). */
export interface DemoCompany {
  name: string;
  slug: string;
  region: RegionCode;
  email: string;
  owner: { firstName: string; lastName: string; fullNameArabic: string };
}

export const DEMO_COMPANY: DemoCompany = {
  name: 'Desert Rose Car Rental',
  slug: 'demo',
  region: 'AE',
  email: 'demo@sayyara.app',
  owner: { firstName: 'Demo', lastName: 'Owner', fullNameArabic: 'المالك التجريبي' },
};

/**
 * The Saudi sister company (issue 29): the same seeds in region SA (SAR, VAT 15%, Asia/Riyadh, a Saudi VAT
 * number, national address and CRN: functions/settings/seed.ts), plus a ZATCA-onboarded device and a month of
 * reported and cleared e-invoices. Its own login (demo-sa / demo1234), the sign-in page's second demo choice.
 */
export const DEMO_SA_COMPANY: DemoCompany = {
  name: 'Desert Rose Car Rental KSA',
  slug: 'demo-sa',
  region: 'SA',
  email: 'demo-sa@sayyara.app',
  owner: { firstName: 'Demo', lastName: 'Owner', fullNameArabic: 'المالك التجريبي' },
};

const log = rootLogger.child({ domain: 'jobs' });

/** Every key of the tenant's known partitions (parents are read before anything is deleted). */
async function demoKeys(tenantId: string): Promise<Key[]> {
  const pkOf = (collection: string, ...scope: string[]) => tenantPk(tenantId, collection, ...scope);
  const read = (pk: string) => queryAll<Item>({ tenantId, pk, consistent: true, max: 100_000 });
  const base = new Map<string, Item[]>();
  for (const p of DEMO_PARTITIONS.filter((d) => !d.scopedBy)) base.set(p.collection, await read(pkOf(p.collection)));
  const all: Item[] = [...base.values()].flat();
  // Scoped partitions (a year of rentals has thousands): a few reads at a time.
  const scoped = DEMO_PARTITIONS.filter((d) => d.scopedBy).flatMap((p) =>
    (base.get(p.scopedBy!) ?? [])
      .filter((parent) => typeof parent.sk === 'string' && !parent.sk.includes('#'))
      .map((parent) => pkOf(p.collection, parent.sk as string)),
  );
  for (let i = 0; i < scoped.length; i += 16)
    all.push(...(await Promise.all(scoped.slice(i, i + 16).map(read))).flat());
  return all.map((i) => ({ pk: i.pk, sk: i.sk }));
}

/** The demo login and its company's unique handles; tests reset a private copy under other names. */
export interface DemoAccount {
  username: string;
  password: string;
  slug: string;
  email: string;
}
export const DEMO_ACCOUNT: DemoAccount = { ...DEMO_CREDENTIALS, slug: DEMO_COMPANY.slug, email: DEMO_COMPANY.email };
export const DEMO_SA_ACCOUNT: DemoAccount = {
  ...DEMO_SA_CREDENTIALS,
  slug: DEMO_SA_COMPANY.slug,
  email: DEMO_SA_COMPANY.email,
};

async function ensureCognitoUser(tenantId: string, account: DemoAccount): Promise<string> {
  const c = config();
  const { username, password } = account;
  let attributes;
  try {
    attributes = (await cognitoClient().send(new AdminGetUserCommand({ UserPoolId: c.userPoolId, Username: username })))
      .UserAttributes;
  } catch (err) {
    if ((err as { name?: string }).name !== 'UserNotFoundException') throw err;
    attributes = (
      await cognitoClient().send(
        new AdminCreateUserCommand({
          UserPoolId: c.userPoolId,
          Username: username,
          MessageAction: 'SUPPRESS',
          UserAttributes: [
            { Name: `custom:${USER_POOL.tenantAttribute}`, Value: tenantId },
            { Name: 'email', Value: account.email },
          ],
        }),
      )
    ).User?.Attributes;
  }
  // Always (re)set: the demo password is public and must keep working.
  await cognitoClient().send(
    new AdminSetUserPasswordCommand({
      UserPoolId: c.userPoolId,
      Username: username,
      Password: password,
      Permanent: true,
    }),
  );
  const sub = attributes?.find((a) => a.Name === 'sub')?.Value;
  if (!sub) throw new Error('The demo Cognito user has no sub');
  return sub;
}

export async function resetDemo(
  now = new Date(),
  account: DemoAccount = DEMO_ACCOUNT,
  company: DemoCompany = DEMO_COMPANY,
): Promise<Record<string, number>> {
  const pointer = await getItem(keys.global.username(account.username));
  const tenantId = (pointer?.tenantId as string | undefined) ?? ulid();
  const ownerId = (pointer?.userId as string | undefined) ?? ulid();
  const resetStarted = Date.now();
  const stale = pointer ? await demoKeys(tenantId) : [];
  log.info('demo reset: old items found', { items: stale.length, ms: Date.now() - resetStarted });
  // The tenant directory (admin tools) came after the first companies: while it is empty, this
  // is the first reset since the upgrade and every company gets its entry (one Scan, once;
  // admin.ts). Every sign-up writes its own entry, so later resets skip it.
  const needsBackfill = await tenantDirectoryEmpty();

  const sub = await ensureCognitoUser(tenantId, account);
  const nowIso = now.toISOString();
  const [tenant, settings, slug, directory] = tenantItems({
    tenantId,
    name: company.name,
    slug: account.slug,
    email: account.email,
    ownerUserId: ownerId,
    isDemo: true,
    region: company.region,
    now: nowIso,
  });
  const { user, globals } = userItems({
    tenantId,
    userId: ownerId,
    sub,
    username: account.username,
    email: account.email,
    firstName: company.owner.firstName,
    lastName: company.owner.lastName,
    fullNameArabic: company.owner.fullNameArabic,
    role: 'OWNER',
    isDemo: true,
    now: nowIso,
  });
  user.lastActiveAt = nowIso;
  // The company, its settings and the demo login are overwritten in place, never deleted, so
  // visitors signed in during a reset keep a working session. Global items are put
  // unconditionally: they are the demo's own and a reset restores them.
  const kept = [tenant, settings, slug, directory, user, ...globals];
  await writeBatch(kept);
  const keptKeys = new Set(kept.map((k) => `${k.pk}|${k.sk}`));
  const toDelete = stale.filter((k) => !keptKeys.has(`${k.pk}|${k.sk}`));
  await deleteBatch(toDelete, 4); // keys are distinct
  log.info('demo reset: old items deleted', { items: toDelete.length, ms: Date.now() - resetStarted });

  const world = newDemoWorld({
    tenantId,
    now,
    region: company.region,
    companyName: company.name,
    owner: { userId: ownerId, username: account.username },
  });
  for (const [area, seed] of SEEDS) {
    const started = Date.now();
    await seed(world);
    log.info('demo seed done', { area, ms: Date.now() - started });
  }
  const directoryBackfilled = needsBackfill ? await backfillTenantDirectory() : 0;
  const counts = {
    directoryBackfilled,
    deleted: toDelete.length,
    staff: world.staff.length + 1,
    vehicles: world.vehicles.length,
    customers: world.customers.length,
    ...world.counts,
  };
  await recordJobRun('demo-reset', { startedAt: nowIso, counts }, tenantId);
  await recordCompanyJobRun(tenantId, 'demo-reset', { startedAt: nowIso, counts });
  return counts;
}

/** The Saudi sister company (DEMO_SA_COMPANY) to its seeded state: the same reset, its own login and tenant. */
export function resetSaudiDemo(now = new Date(), account: DemoAccount = DEMO_SA_ACCOUNT) {
  return resetDemo(now, account, DEMO_SA_COMPANY);
}

/**
 * Scheduled job (events/schedules.ts 'demo-reset', nightly; `npm start`'s first run): both demo companies back
 * to their seeded state, the main one first. The test harness resets only the main one before the
 * `*.demo.int.test.ts` files (DEMO_RESET_MAIN_ONLY=1, test/harness.ts): the Saudi company is read by one file,
 * which resets it itself (functions/jobs/demo-sa.demo.int.test.ts), so the other demo runs are not slowed.
 */
export const job = defineJob({
  name: 'demo-reset',
  reads: [],
  run: async (ctx) => {
    const main = await resetDemo(ctx.now);
    if (process.env.DEMO_RESET_MAIN_ONLY === '1') return { ok: true, ...main };
    const saudi = await resetSaudiDemo(ctx.now);
    return { ok: true, ...main, saudi };
  },
});
export const handler = job.handler;
