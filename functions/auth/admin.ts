import { QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../lib/clients/dynamo';
import { config } from '../lib/config';
import { keys, tenantPk } from '../lib/data/keys';
import { auditItem } from '../lib/data/audit';
import {
  batchGet,
  countItems,
  getItem,
  queryPage,
  transact,
  tx,
  updateRaw,
  type Item,
  type Page,
} from '../lib/data/repo';
import { conflict, notFound } from '../lib/errors';
import type { Actor } from '../lib/actor';
import { SECURITY_MESSAGES, type TenantRow } from '../../shared/schemas/security';
import { directoryEntry } from './tenant';
import { normalizeUsername } from './users';
import { fanOutJobs, JOB_NAMES } from '../../events/schedules';
import { listDeadLetters, retryDeadLetter } from '../lib/jobs/queue';
import { rootLogger } from '../lib/logger';
import { jobRunOf } from './deps';

/**
 * The platform operator's tenant console (issue 16, /admin-tools, SUPERADMIN only). The list is
 * one Query page of the tenant directory (G#TENANTS), plus for each company on the page its
 * figures: users, vehicles and rentals are COUNT queries of its own partitions and the last
 * activity is its newest audit item — a page of 25 companies costs 4 small queries each, never
 * a Scan. Suspending a company changes only its tenant item's status (and the directory's
 * copy): its users are refused on their next request (functions/lib/auth-context.ts) and its
 * data is untouched. Each action is audited in the company's log and the operator's own, with
 * the reason the operator entered.
 */
async function figures(entry: Item): Promise<TenantRow> {
  const id = String(entry.id);
  const notArchived = { expression: '#a <> :t', names: { '#a': 'isArchived' }, values: { ':t': true } };
  const [users, vehicles, rentals, last] = await Promise.all([
    countItems(tenantPk(id, 'USER'), notArchived),
    countItems(tenantPk(id, 'VEHICLE'), notArchived),
    countItems(tenantPk(id, 'RENTAL')),
    queryPage<Item>({ tenantId: id, pk: tenantPk(id, 'AUDIT'), limit: 1, forward: false }),
  ]);
  return {
    id,
    name: String(entry.name),
    slug: String(entry.slug),
    region: (entry.region as string | undefined) ?? null,
    status: String(entry.status),
    createdAt: String(entry.createdAt),
    users,
    vehicles,
    rentals,
    lastActivityAt: (last.items[0]?.at as string | undefined) ?? null,
  };
}

export async function listTenants(
  actor: Actor,
  q: { q?: string; limit: number; cursor?: string },
): Promise<Page<TenantRow>> {
  const search = q.q?.trim().toLowerCase();
  const want = Math.min(q.limit, 25);
  const read = (cursor: string | undefined, limit: number) =>
    queryPage<Item>({
      tenantId: actor.tenantId,
      global: true,
      pk: keys.global.tenantDirectory().pk,
      limit,
      cursor,
      signature: [search],
      ...(search
        ? {
            filter: {
              expression: 'contains(#n, :q) OR contains(#s, :q)',
              names: { '#n': 'nameLower', '#s': 'slug' },
              values: { ':q': search },
            },
          }
        : {}),
    });
  if (!search) {
    const page = await read(q.cursor, want);
    return { items: await Promise.all(page.items.map(figures)), nextCursor: page.nextCursor };
  }
  // DynamoDB applies Limit before the filter: a search reads directory pages (200 entries each,
  // at most 20) until it has a page of matches, so a match past the first entries is found.
  const found: Item[] = [];
  let cursor = q.cursor;
  for (let pages = 0; pages < 20; pages++) {
    const page = await read(cursor, 200);
    found.push(...page.items);
    cursor = page.nextCursor ?? undefined;
    if (!cursor || found.length >= want) break;
  }
  return { items: await Promise.all(found.map(figures)), nextCursor: cursor ?? null };
}

export async function setTenantStatus(
  actor: Actor,
  tenantId: string,
  status: 'suspended' | 'active',
  reason: string,
): Promise<TenantRow> {
  const [tenant, entry] = await batchGet([keys.tenant(tenantId), keys.global.tenantDirectory(tenantId)]);
  if (!tenant || !entry) throw notFound();
  if (status === 'suspended' && tenantId === actor.tenantId) throw conflict(SECURITY_MESSAGES.notYourTenant);
  if (tenant.status === status)
    throw conflict(status === 'suspended' ? SECURITY_MESSAGES.alreadySuspended : SECURITY_MESSAGES.notSuspended);
  const now = new Date().toISOString();
  const action = status === 'suspended' ? 'admin.tenant_suspended' : 'admin.tenant_reactivated';
  const summary = {
    before: { status: tenant.status },
    after: { status },
    note: `by platform operator ${actor.username}: ${reason}`,
  };
  await transact([
    tx.raw('Update', {
      Key: keys.tenant(tenantId),
      UpdateExpression: 'SET #st = :st, updatedAt = :now, version = version + :one',
      ConditionExpression: '#st = :was',
      ExpressionAttributeNames: { '#st': 'status' },
      ExpressionAttributeValues: { ':st': status, ':was': tenant.status, ':now': now, ':one': 1 },
    }),
    tx.raw('Update', {
      Key: keys.global.tenantDirectory(tenantId),
      UpdateExpression: 'SET #st = :st',
      ExpressionAttributeNames: { '#st': 'status' },
      ExpressionAttributeValues: { ':st': status },
    }),
    tx.put(
      auditItem(
        { tenantId, userId: actor.userId, username: actor.username, requestId: actor.requestId },
        action,
        'TENANT',
        tenantId,
        summary,
      ),
    ),
    tx.put(auditItem(actor, action, 'TENANT', tenantId, { ...summary, note: `${String(tenant.name)}: ${reason}` })),
  ]);
  return figures({ ...entry, status });
}

/**
 * SUPERADMIN is never created through sign-up or the staff form. The operator makes one from an
 * existing user with `npm run job -- make-superadmin <username>` (locally), or in the cloud by
 * invoking the jobs Lambda of the same name with `{"username": "..."}`.
 */
export async function promoteToSuperadmin(rawUsername: string): Promise<{ tenantId: string; userId: string }> {
  const username = normalizeUsername(rawUsername);
  const pointer = await getItem(keys.global.username(username));
  if (!pointer) throw new Error(`No user named ${username}`);
  const tenantId = pointer.tenantId as string;
  const userId = pointer.userId as string;
  await updateRaw({
    Key: keys.user(tenantId, userId),
    UpdateExpression: 'SET #r = :r, version = version + :one, updatedAt = :now',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeNames: { '#r': 'role' },
    ExpressionAttributeValues: { ':r': 'SUPERADMIN', ':one': 1, ':now': new Date().toISOString() },
  });
  await transact([
    tx.put(
      auditItem({ tenantId, username: 'operator' }, 'admin.superadmin_granted', 'USER', userId, {
        note: `${username} made SUPERADMIN by the operator command`,
      }),
    ),
  ]);
  return { tenantId, userId };
}

/**
 * Backfill of the directory for companies created before it existed: a one-off maintenance
 * walk of the tenant items (the only Scan, like the company-timezones migration), idempotent.
 */
export async function tenantDirectoryEmpty(): Promise<boolean> {
  const res = await dynamo().send(
    new QueryCommand({
      TableName: config().tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.global.tenantDirectory().pk },
      Limit: 1,
    }),
  );
  return (res.Items ?? []).length === 0;
}

export async function backfillTenantDirectory(): Promise<number> {
  let written = 0;
  const tenants: Item[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new ScanCommand({
        TableName: config().tableName,
        FilterExpression: 'entityType = :t AND sk = :meta',
        ExpressionAttributeValues: { ':t': 'TENANT', ':meta': 'META' },
        ExclusiveStartKey: start,
      }),
    );
    tenants.push(...((page.Items ?? []) as Item[]));
    start = page.LastEvaluatedKey;
  } while (start);
  for (const t of tenants) {
    const id = String(t.id);
    if (await getItem(keys.global.tenantDirectory(id))) continue;
    const settings = await getItem(keys.settings(id));
    await transact([
      tx.putNew(
        directoryEntry({
          tenantId: id,
          name: String(t.name),
          slug: String(t.slug),
          region: String((settings?.preferences as { region?: string } | undefined)?.region ?? 'US'),
          status: String(t.status ?? 'active'),
          createdAt: String(t.createdAt),
          isDemo: t.isDemo === true,
        }),
      ),
    ]);
    written++;
  }
  return written;
}

/**
 * Jobs across tenants (DESIGN.md §15): one page of the tenant directory's active companies — a
 * Query of G#TENANTS (one small item per company), never a Scan. `cursor` is the last key.
 */
export async function directoryPage(
  start?: Record<string, unknown>,
): Promise<{ tenantIds: string[]; next?: Record<string, unknown> }> {
  const res = await dynamo().send(
    new QueryCommand({
      TableName: config().tableName,
      KeyConditionExpression: 'pk = :pk',
      FilterExpression: '#s = :active',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: { ':pk': keys.global.tenantDirectory().pk, ':active': 'active' },
      ExclusiveStartKey: start,
      Limit: 200,
    }),
  );
  return { tenantIds: (res.Items ?? []).map((i) => String(i.id)), next: res.LastEvaluatedKey };
}

/**
 * Platform-wide job runs for the operator (/admin-tools): the latest runs of every scheduled job
 * (one Query of each job's G#JOBRUN#{JOB} partition, newest first) and their error counts.
 */
export async function platformJobRuns(perJob = 10) {
  const jobs = await Promise.all(
    JOB_NAMES.map(async (job) => {
      const res = await dynamo().send(
        new QueryCommand({
          TableName: config().tableName,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': keys.global.jobRun(job, 'x').pk },
          ScanIndexForward: false,
          Limit: perJob,
        }),
      );
      const runs = (res.Items ?? []).map((i) =>
        jobRunOf({ ...i, job: i.job ?? job, startedAt: i.startedAt ?? i.sk } as unknown as Item),
      );
      return { job, runs };
    }),
  );
  return {
    jobs: jobs.map(({ job, runs }) => ({
      job,
      runs: runs.length,
      errors: runs.reduce((s, r) => s + r.errors, 0),
      lastRunAt: runs[0]?.startedAt ?? null,
      lastStatus: runs[0]?.status ?? null,
    })),
    items: jobs
      .flatMap((j) => j.runs)
      .sort((a, b) => b.startedAt.localeCompare(a.startedAt))
      .slice(0, 50),
  };
}

/**
 * The dead letters of every fan-out job (issue 30; /admin-tools): the units parked in each job's dead-letter
 * queue with their company's name and the stored reason of their last failure (lib/jobs/queue.ts).
 */
export async function deadLetters() {
  const jobs = await Promise.all(fanOutJobs().map(async (job) => ({ job, letters: await listDeadLetters(job) })));
  const tenantIds = [...new Set(jobs.flatMap((j) => j.letters.map((l) => l.tenantId)))];
  const entries = await batchGet(
    tenantIds.map((t) => keys.global.tenantDirectory(t)),
    false,
  );
  const names = new Map(tenantIds.map((t, i) => [t, (entries[i]?.name as string | undefined) ?? null]));
  return {
    jobs: jobs.map(({ job, letters }) => ({
      job,
      items: letters.map((l) => ({ ...l, companyName: names.get(l.tenantId) ?? null })),
    })),
  };
}

/** Retry of a parked unit: back to its job's queue (lib/jobs/queue.ts retryDeadLetter); 404 when not parked. */
export async function retryParkedUnit(actor: Actor, job: string, messageId: string) {
  if (!(fanOutJobs() as string[]).includes(job) || !(await retryDeadLetter(job, messageId))) throw notFound();
  rootLogger.info('dead letter retried', { job, messageId, by: actor.username });
  return { retried: true as const };
}
