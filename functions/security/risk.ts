import { createHash } from 'node:crypto';
import { ulid } from 'ulid';
import { keys, sortKey, tenantPk } from '../lib/data/keys';
import {
  batchGet,
  getItem,
  putItem,
  queryPage,
  transact,
  tx,
  type Item,
  type Page,
  type TransactItem,
} from '../lib/data/repo';
import { auditItem } from '../lib/data/audit';
import { notFound } from '../lib/errors';
import type { Actor, AuditActor } from '../lib/actor';
import {
  browserOf,
  scoreSignals,
  signinSignals,
  type ActionSignal,
  type RiskLevel,
  type RiskSignal,
  type SigninSignal,
} from '../../shared/security/risk';
import type { DeviceView, RiskView } from '../../shared/schemas/security';
// Alerts' api.ts (tier 1 like security): rentals and the other domains recording risky actions bundle this file.
import { raiseAlerts } from '../alerts/api';

/**
 * Devices and risk assessments (issue 16).
 *
 * Items:
 *  - device:   T#{t}#DEVICE / {id}; id = sha256(user, device-id cookie, browser · OS) cut to 32 hex.
 *              A device is one user's browser on one machine: trusted for Layla is not trusted for Omar.
 *              Status: unknown (first sight), trusted (after an MFA sign-in or an admin's approval),
 *              suspicious (a high or critical sign-in came from it), blocked (an admin: it cannot sign in).
 *  - profile:  T#{t}#SIGNIN_PROFILE / {userId}: countries seen, last country and time (the baseline
 *              of new-country and impossible-travel signals), written after each successful sign-in.
 *  - risk:     T#{t}#RISK / {at}#{id}: one assessment per sign-in attempt that reached the password
 *              check, and per risky business action — the feed GET /api/v1/security/risk reads, newest first.
 */
const deviceKey = (t: string, id: string) => ({ pk: tenantPk(t, 'DEVICE'), sk: id });
const profileKey = (t: string, userId: string) => ({ pk: tenantPk(t, 'SIGNIN_PROFILE'), sk: userId });
const riskKey = (t: string, at: string, id: string) => ({ pk: tenantPk(t, 'RISK'), sk: sortKey(at, id) });
export const DEVICE_ID_PATTERN = /^[0-9a-f]{32}$/;

/** An audit item timed with the assessment (the same instant in both feeds; the demo seed replays history). */
const auditAt = (i: Item, at: string): Item => ({
  ...i,
  ...keys.audit(String(i.pk).split('#')[1]!, at, String(i.id)),
  at,
});

export function deviceIdOf(userId: string, cookieId: string | null, userAgent: string | null): string {
  return createHash('sha256')
    .update(`${userId}|${cookieId ?? 'no-cookie'}|${browserOf(userAgent)}`)
    .digest('hex')
    .slice(0, 32);
}

export interface SigninWho {
  tenantId: string;
  userId: string;
  username: string;
}
export interface SigninWhere {
  ip: string;
  country: string | null;
  userAgent: string | null;
  deviceCookie: string | null;
}

export interface SigninAssessment {
  id: string;
  at: string;
  level: RiskLevel;
  score: number;
  signals: SigninSignal[];
  deviceId: string;
  deviceStatus: 'new' | DeviceView['status'];
}

/** Reads the user's baseline and the device, and scores this sign-in (nothing written yet). */
export async function assessSignin(
  who: SigninWho,
  where: SigninWhere,
  facts: { recentFailures: number; ipListed: boolean },
  now = Date.now(),
): Promise<SigninAssessment> {
  const deviceId = deviceIdOf(who.userId, where.deviceCookie, where.userAgent);
  const [device, profile] = await batchGet([deviceKey(who.tenantId, deviceId), profileKey(who.tenantId, who.userId)]);
  const deviceStatus = device ? (device.status as DeviceView['status']) : 'new';
  const signals = signinSignals(
    {
      known: !!profile,
      countries: (profile?.countries as string[] | undefined) ?? [],
      lastCountry: (profile?.lastCountry as string | null) ?? null,
      lastAt: (profile?.lastAt as string | null) ?? null,
    },
    {
      country: where.country,
      at: now,
      device: deviceStatus,
      recentFailures: facts.recentFailures,
      ipListed: facts.ipListed,
    },
  );
  return { id: ulid(now), at: new Date(now).toISOString(), ...scoreSignals(signals), signals, deviceId, deviceStatus };
}

export type SigninOutcome = 'allowed' | 'mfa' | 'refused' | 'device_blocked';

/**
 * Records the assessment in the feed and the device's sighting, in one transaction. A new device
 * is "unknown"; a high or critical sign-in marks an unknown device suspicious (a trusted or blocked
 * one keeps what an admin decided). Critical also raises a security alert (functions/alerts).
 */
export async function recordSignin(
  who: SigninWho,
  where: SigninWhere,
  a: SigninAssessment,
  outcome: SigninOutcome,
  requestId?: string,
): Promise<void> {
  const t = who.tenantId;
  const risky = a.level === 'high' || a.level === 'critical';
  const status =
    a.deviceStatus === 'new'
      ? risky
        ? 'suspicious'
        : 'unknown'
      : a.deviceStatus === 'unknown' && risky
        ? 'suspicious'
        : a.deviceStatus;
  const items: TransactItem[] = [
    tx.put({
      ...riskKey(t, a.at, a.id),
      entityType: 'RISK',
      id: a.id,
      at: a.at,
      kind: 'signin',
      level: a.level,
      score: a.score,
      signals: a.signals,
      outcome,
      userId: who.userId,
      username: who.username,
      ip: where.ip,
      country: where.country,
      deviceId: a.deviceId,
      deviceLabel: browserOf(where.userAgent),
      summary: null,
      ttl: Math.floor(Date.parse(a.at) / 1000) + 400 * 86_400,
    }),
    tx.raw('Update', {
      Key: deviceKey(t, a.deviceId),
      UpdateExpression:
        'SET entityType = :type, id = :id, userId = :u, username = :n, label = :label, userAgent = :ua, #status = :status, ' +
        'firstSeenAt = if_not_exists(firstSeenAt, :at), lastSeenAt = :at, lastIp = :ip, lastCountry = :c, lastLevel = :level ADD signins :one',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':type': 'DEVICE',
        ':id': a.deviceId,
        ':u': who.userId,
        ':n': who.username,
        ':label': browserOf(where.userAgent),
        ':ua': where.userAgent,
        ':status': status,
        ':at': a.at,
        ':ip': where.ip,
        ':c': where.country,
        ':level': a.level,
        ':one': 1,
      },
    }),
  ];
  if (a.level !== 'low') {
    items.push(
      tx.put({
        ...auditAt(
          auditItem({ ...who, requestId }, 'security.signin_risk', 'USER', who.userId, {
            note: `${a.level} risk (${a.signals.join(', ')}): ${outcome}`,
          }),
          a.at,
        ),
        ip: where.ip,
        country: where.country,
        userAgent: where.userAgent,
      }),
    );
  }
  await transact(items);
  if (a.level === 'critical') {
    await raiseAlerts(t, [
      {
        key: `security_signin:${a.id}`,
        type: 'security_signin_risk',
        category: 'security',
        severity: 'high',
        impactLevel: 'security',
        title: `Risky sign-in refused for ${who.username}`,
        description: `${a.signals.join(', ')} · ${where.country ?? '??'} · ${where.ip}`,
        actionUrl: '/dashboard/security?tab=risk',
        relatedEntityId: who.userId,
        relatedEntityType: 'user',
        params: { username: who.username, signals: a.signals.join(', '), country: where.country ?? '??' },
      },
    ]);
  }
}

/** After a successful sign-in: the baseline moves on; an MFA sign-in trusts the device. */
export async function signinSucceeded(
  who: SigninWho,
  where: Pick<SigninWhere, 'country'>,
  deviceId: string,
  viaMfa: boolean,
  now = new Date(),
): Promise<void> {
  const at = now.toISOString();
  const profile = await getItem(profileKey(who.tenantId, who.userId));
  const countries = [
    ...new Set([...(where.country ? [where.country] : []), ...((profile?.countries as string[] | undefined) ?? [])]),
  ].slice(0, 30);
  const writes: TransactItem[] = [
    tx.put({
      ...profileKey(who.tenantId, who.userId),
      entityType: 'SIGNIN_PROFILE',
      userId: who.userId,
      countries,
      lastCountry: where.country ?? (profile?.lastCountry as string | null) ?? null,
      lastAt: where.country ? at : ((profile?.lastAt as string | null) ?? at),
    }),
  ];
  if (viaMfa) {
    writes.push(
      tx.raw('Update', {
        Key: deviceKey(who.tenantId, deviceId),
        UpdateExpression: 'SET #status = :trusted, trustedAt = :at, trustedBy = :how',
        ConditionExpression: 'attribute_exists(pk) AND #status <> :blocked',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':trusted': 'trusted', ':blocked': 'blocked', ':at': at, ':how': 'mfa' },
      }),
    );
  }
  await transact(writes).catch(async (err) => {
    // The device vanished or was blocked meanwhile: the baseline is still recorded.
    if ((err as { name?: string }).name !== 'TransactionCanceledException') throw err;
    await putItem(writes[0]!.Put!.Item as Item);
  });
}

export async function readDevice(tenantId: string, id: string): Promise<Item | undefined> {
  return DEVICE_ID_PATTERN.test(id) ? getItem(deviceKey(tenantId, id)) : undefined;
}

const deviceView = (i: Item): DeviceView => ({
  id: String(i.id),
  userId: String(i.userId),
  username: String(i.username),
  label: String(i.label ?? '—'),
  userAgent: (i.userAgent as string | null) ?? null,
  status: i.status as DeviceView['status'],
  firstSeenAt: String(i.firstSeenAt),
  lastSeenAt: String(i.lastSeenAt),
  lastIp: (i.lastIp as string | null) ?? null,
  lastCountry: (i.lastCountry as string | null) ?? null,
  signins: Number(i.signins ?? 0),
  lastLevel: (i.lastLevel as RiskLevel | undefined) ?? null,
});

/** Everyone sees their own devices; OWNER and ADMIN the company's (`all`). One Query page. */
export async function listDevices(
  tenantId: string,
  q: { limit: number; cursor?: string; userId?: string },
): Promise<Page<DeviceView>> {
  const page = await queryPage<Item>({
    tenantId,
    pk: tenantPk(tenantId, 'DEVICE'),
    limit: q.limit,
    cursor: q.cursor,
    signature: [q.userId ?? 'all'],
    ...(q.userId ? { filter: { expression: 'userId = :u', values: { ':u': q.userId } } } : {}),
  });
  return { items: page.items.map(deviceView), nextCursor: page.nextCursor };
}

/** OWNER/ADMIN: trust or block one of the company's devices. Another company's id → 404. */
export async function setDeviceStatus(actor: Actor, id: string, status: 'trusted' | 'blocked'): Promise<DeviceView> {
  const device = await readDevice(actor.tenantId, id);
  if (!device) throw notFound();
  const at = new Date().toISOString();
  const changes =
    status === 'trusted' ? { trustedAt: at, trustedBy: actor.username } : { blockedAt: at, blockedBy: actor.username };
  await transact([
    tx.raw('Update', {
      Key: deviceKey(actor.tenantId, id),
      UpdateExpression: `SET #status = :s, ${Object.keys(changes)
        .map((k) => `${k} = :${k}`)
        .join(', ')}`,
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':s': status,
        ...Object.fromEntries(Object.entries(changes).map(([k, v]) => [`:${k}`, v])),
      },
    }),
    tx.put(
      auditItem(actor, status === 'trusted' ? 'security.device_trusted' : 'security.device_blocked', 'DEVICE', id, {
        before: { status: device.status },
        after: { status },
        note: `${String(device.label)} of ${String(device.username)}`,
      }),
    ),
  ]);
  return deviceView({ ...device, status, ...changes });
}

const riskView = (i: Item): RiskView => ({
  id: String(i.id),
  at: String(i.at),
  kind: i.kind as RiskView['kind'],
  level: i.level as RiskLevel,
  score: Number(i.score ?? 0),
  signals: (i.signals as RiskSignal[] | undefined) ?? [],
  outcome: (i.outcome as string | null) ?? null,
  userId: (i.userId as string | null) ?? null,
  username: (i.username as string | null) ?? null,
  ip: (i.ip as string | null) ?? null,
  country: (i.country as string | null) ?? null,
  deviceId: (i.deviceId as string | null) ?? null,
  deviceLabel: (i.deviceLabel as string | null) ?? null,
  summary: (i.summary as string | null) ?? null,
  entity: (i.entity as string | null) ?? null,
  entityId: (i.entityId as string | null) ?? null,
});

/** The risk feed, newest first; `level` keeps that level and above (a filter on the page). */
export async function riskPage(
  tenantId: string,
  q: { limit: number; cursor?: string; minLevel?: RiskLevel },
): Promise<Page<RiskView>> {
  const levels = (['low', 'medium', 'high', 'critical'] as const).slice(
    ['low', 'medium', 'high', 'critical'].indexOf(q.minLevel ?? 'low'),
  );
  const page = await queryPage<Item>({
    tenantId,
    pk: tenantPk(tenantId, 'RISK'),
    limit: q.limit,
    cursor: q.cursor,
    forward: false,
    signature: [q.minLevel ?? 'low'],
    ...(q.minLevel && q.minLevel !== 'low'
      ? {
          filter: {
            expression: '#l IN (' + levels.map((_, i) => `:l${i}`).join(', ') + ')',
            names: { '#l': 'level' },
            values: Object.fromEntries(levels.map((l, i) => [`:l${i}`, l])),
          },
        }
      : {}),
  });
  return { items: page.items.map(riskView), nextCursor: page.nextCursor };
}

export interface RiskyAction {
  signal: ActionSignal;
  /** What happened, in a sentence for the feed ('refund of AED 1,150.00 to cash; paid by card'). */
  summary: string;
  entity: string;
  entityId: string;
}

/**
 * A risky business action (a refund to another method, a large discount or write-off, a deleted
 * ticket, changed gateway keys): scored into the same feed, with an audit item and — at high or
 * above — a security alert. Called after the business change committed; a failure here is logged
 * by the caller's stack and never undoes the business change (the feed is monitoring, not a gate).
 */
export async function recordRiskyAction(actor: AuditActor, action: RiskyAction, at = new Date()): Promise<RiskView> {
  const { score, level } = scoreSignals([action.signal]);
  const id = ulid(at.getTime());
  const item: Item = {
    ...riskKey(actor.tenantId, at.toISOString(), id),
    entityType: 'RISK',
    id,
    at: at.toISOString(),
    kind: 'action',
    level,
    score,
    signals: [action.signal],
    outcome: 'recorded',
    userId: actor.userId ?? null,
    username: actor.username ?? null,
    ip: null,
    country: null,
    deviceId: null,
    deviceLabel: null,
    summary: action.summary.slice(0, 300),
    entity: action.entity,
    entityId: action.entityId,
    ttl: Math.floor(at.getTime() / 1000) + 400 * 86_400,
  };
  await transact([
    tx.put(item),
    tx.put(
      auditAt(
        auditItem(actor, 'security.risky_action', action.entity, action.entityId, {
          note: `${action.signal}: ${item.summary as string}`,
        }),
        at.toISOString(),
      ),
    ),
  ]);
  if (level === 'high' || level === 'critical') {
    await raiseAlerts(actor.tenantId, [
      {
        key: `security_action:${id}`,
        type: 'security_risky_action',
        category: 'security',
        severity: 'medium',
        impactLevel: 'security',
        title: `Risky action by ${actor.username ?? 'system'}`,
        description: String(item.summary),
        actionUrl: '/dashboard/security?tab=risk',
        relatedEntityId: action.entityId,
        relatedEntityType: action.entity,
        params: { username: actor.username ?? 'system', summary: String(item.summary) },
      },
    ]);
  }
  return riskView(item);
}
