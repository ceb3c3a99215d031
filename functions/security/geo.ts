import { tenantPk } from '../lib/data/keys';
import { getItem, putItem } from '../lib/data/repo';
import { auditItem } from '../lib/data/audit';
import { transact, tx } from '../lib/data/repo';
import type { Actor } from '../lib/actor';
import type { GeoAction, GeoRule, GeoRuleBody } from '../../shared/schemas/security';

/**
 * Geo access rules per company (business-data-and-rules.md §3: allow, block, alert). One item,
 * T#{tenant}#SECURITY / GEO_RULES, holds every rule (a company has a handful, never hundreds),
 * read with one GetItem at each sign-in.
 *
 * Meaning, as a rental company would expect it:
 *  - block: sign-in from that country is refused with a clear message;
 *  - alert: sign-in goes through and an alert (audit item security.geo_alert) lands in the feed;
 *  - allow: once any allow rule exists the company works from an allow-list: countries not on it
 *    are refused. An unknown country (no header, e.g. a local run without the override) is let
 *    through, because refusing everyone whose country cannot be told would lock the company out.
 */
const geoKey = (tenantId: string) => ({ pk: tenantPk(tenantId, 'SECURITY'), sk: 'GEO_RULES' });

export async function readGeoRules(tenantId: string): Promise<GeoRule[]> {
  const item = await getItem(geoKey(tenantId));
  return ((item?.rules as GeoRule[] | undefined) ?? []).slice().sort((a, b) => a.country.localeCompare(b.country));
}

export type GeoVerdict =
  | { outcome: 'ok' }
  | { outcome: 'alert'; country: string }
  | { outcome: 'block'; country: string | null };

/** Pure rule (unit-tested): what the company's rules say about a sign-in from `country`. */
export function judgeCountry(
  rules: readonly Pick<GeoRule, 'country' | 'action'>[],
  country: string | null,
): GeoVerdict {
  const rule = country ? rules.find((r) => r.country === country) : undefined;
  if (rule?.action === 'block') return { outcome: 'block', country };
  if (rule?.action === 'alert') return { outcome: 'alert', country: country! };
  const allowList = rules.some((r) => r.action === 'allow');
  if (allowList && country && rule?.action !== 'allow') return { outcome: 'block', country };
  return { outcome: 'ok' };
}

export async function saveGeoRule(actor: Actor, body: GeoRuleBody): Promise<GeoRule[]> {
  const before = await getItem(geoKey(actor.tenantId));
  const rules = ((before?.rules as GeoRule[] | undefined) ?? []).filter((r) => r.country !== body.country);
  const previous = ((before?.rules as GeoRule[] | undefined) ?? []).find((r) => r.country === body.country) ?? null;
  if (body.action !== 'remove') {
    rules.push({
      country: body.country,
      action: body.action as GeoAction,
      note: body.note ?? null,
      createdAt: new Date().toISOString(),
      createdBy: actor.username,
    });
  }
  const version = Number(before?.version ?? 0);
  await transact([
    tx.raw('Put', {
      Item: {
        ...geoKey(actor.tenantId),
        entityType: 'GEO_RULES',
        rules,
        version: version + 1,
        updatedAt: new Date().toISOString(),
      },
      ConditionExpression: before ? '#v = :v' : 'attribute_not_exists(pk)',
      ...(before
        ? { ExpressionAttributeNames: { '#v': 'version' }, ExpressionAttributeValues: { ':v': version } }
        : {}),
    }),
    tx.put(
      auditItem(
        actor,
        body.action === 'remove' ? 'security.geo_rule_removed' : 'security.geo_rule_saved',
        'GEO_RULE',
        body.country,
        {
          before: previous ? { action: previous.action } : null,
          after: body.action === 'remove' ? null : { action: body.action },
        },
      ),
    ),
  ]);
  return rules.sort((a, b) => a.country.localeCompare(b.country));
}

/** Seeds (demo company): rules written directly. */
export async function putGeoRules(tenantId: string, rules: GeoRule[]): Promise<void> {
  await putItem({
    ...geoKey(tenantId),
    entityType: 'GEO_RULES',
    rules,
    version: 1,
    updatedAt: new Date().toISOString(),
  });
}
