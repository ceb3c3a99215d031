import { tenantPk } from '../lib/data/keys';
import { FilterBuilder } from '../lib/data/filter';
import { queryAll, queryPage, type Item, type Page } from '../lib/data/repo';
import type { Reply } from '../lib/http';
import { toCsv } from '../../shared/csv';
import type { AuditEntry, AuditQuery } from '../../shared/schemas/security';

/**
 * The audit log viewer (issue 16) over the audit items every mutation writes
 * (T#{tenant}#AUDIT, sk `{at}#{id}`): newest first, one Query page of the time-ordered
 * partition narrowed by the date range on the sort key — never a scan. User, action (a prefix:
 * `auth.` gives every sign-in event) and entity are filters on that page.
 */
/** The CSV export reads at most this many rows of the range (a month of a busy company). */
export const AUDIT_CSV_MAX_ROWS = 5000;

export function toAuditEntry(i: Item): AuditEntry {
  return {
    id: String(i.id),
    at: String(i.at),
    action: String(i.action),
    entity: String(i.entity),
    entityId: String(i.entityId),
    userId: (i.userId as string | null) ?? null,
    username: (i.username as string | null) ?? null,
    summary: (i.summary as string | null) ?? null,
    ip: (i.ip as string | undefined) ?? null,
    country: (i.country as string | undefined) ?? null,
    userAgent: (i.userAgent as string | undefined) ?? null,
  };
}

function auditRange(tenantId: string, q: Pick<AuditQuery, 'from' | 'to' | 'userId' | 'action' | 'entity'>) {
  const filter = new FilterBuilder().eq('userId', q.userId).eq('entity', q.entity);
  if (q.action) filter.where('begins_with(#action, :action)', { '#action': 'action' }, { ':action': q.action });
  // sk is `{ISO time}#{ulid}`: the day range is a BETWEEN on the sort key ('~' sorts after every digit and '#').
  const skBetween: [string, string] | undefined =
    q.from || q.to ? [q.from ?? '0000', `${q.to ?? '9999'}T23:59:59.999Z~`] : undefined;
  return {
    tenantId,
    pk: tenantPk(tenantId, 'AUDIT'),
    skBetween,
    forward: false,
    filter: filter.build(),
    signature: [q.userId, q.action, q.entity],
  };
}

export async function auditPage(tenantId: string, q: AuditQuery): Promise<Page<AuditEntry>> {
  const page = await queryPage<Item>({ ...auditRange(tenantId, q), limit: q.limit, cursor: q.cursor });
  return { items: page.items.map(toAuditEntry), nextCursor: page.nextCursor };
}

export async function auditCsv(tenantId: string, q: AuditQuery): Promise<Reply> {
  const rows = (await queryAll<Item>({ ...auditRange(tenantId, q), max: AUDIT_CSV_MAX_ROWS })).map(toAuditEntry);
  const csv = toCsv(
    ['at', 'user', 'action', 'entity', 'entityId', 'ip', 'country', 'summary'],
    rows.map((r) => [r.at, r.username, r.action, r.entity, r.entityId, r.ip, r.country, r.summary]),
  );
  return {
    status: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="audit-log.csv"`,
    },
    body: Buffer.from(csv, 'utf8'),
  };
}

/** Sign-in activity: the `auth.` events of the audit log (successes, failures, lockouts, refusals, geo alerts). */
export async function signinPage(tenantId: string, limit: number, cursor?: string): Promise<Page<AuditEntry>> {
  return auditPage(tenantId, { action: 'auth.', limit, cursor, format: 'json' });
}
