import { createHash } from 'node:crypto';
import { ulid } from 'ulid';
import { keys, tenantPk } from '../lib/data/keys';
import { getItem, putItem, queryPage, transact, tx, updateRaw, type Item, type Page } from '../lib/data/repo';
import { auditItem } from '../lib/data/audit';
import { notFound, unauthorized } from '../lib/errors';
import { SESSION_REVOKED, type AuthContext } from '../lib/auth-context';
import { hasAbility } from '../../shared/permissions';
import type { Actor } from '../lib/actor';
import type { Tokens } from './cognito';
import type { SigninOrigin } from './signin-context';

/**
 * Sign-in sessions (issue 16). Each sign-in (and sign-up) is a session:
 * T#{tenant}#SESSION / {sessionId} with device (user agent), IP, country, started, last used.
 * Two global markers tie Cognito's tokens to it: G#RTOKEN#{sha256(refresh token)} (the refresh
 * path looks it up: a revoked or unknown refresh token is refused at once) and G#JTI#{jti} of
 * each access token issued (read with the user item on every request, same round trip:
 * a revoked session's access token is refused at its next request). Cognito's own
 * AdminUserGlobalSignOut is not used because cognito-local does not implement it; this works
 * the same in both places. Session items expire (TTL) with the refresh token, after 30 days.
 */
const REFRESH_DAYS = 30;
const sessionKey = (tenantId: string, id: string) => ({ pk: tenantPk(tenantId, 'SESSION'), sk: id });
const hashToken = (t: string) => createHash('sha256').update(t).digest('hex');

function accessClaims(accessToken: string): { jti?: string; exp?: number } {
  try {
    return JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString('utf8'));
  } catch {
    return {};
  }
}

function jtiItem(tenantId: string, sessionId: string, accessToken: string): Item | undefined {
  const { jti, exp } = accessClaims(accessToken);
  if (!jti) return undefined;
  return {
    ...keys.global.accessToken(jti),
    entityType: 'ACCESS_TOKEN',
    tenantId,
    sessionId,
    revoked: false,
    ttl: (exp ?? Math.floor(Date.now() / 1000) + 3600) + 300,
  };
}

export interface SessionOwner {
  tenantId: string;
  userId: string;
  username: string;
}

export async function startSession(
  owner: SessionOwner,
  tokens: Tokens,
  origin: SigninOrigin,
  extra: Item[] = [],
): Promise<string> {
  const id = ulid();
  const now = new Date().toISOString();
  const ttl = Math.floor(Date.now() / 1000) + REFRESH_DAYS * 86400;
  const jti = jtiItem(owner.tenantId, id, tokens.accessToken);
  await transact([
    tx.put({
      ...sessionKey(owner.tenantId, id),
      entityType: 'SESSION',
      id,
      userId: owner.userId,
      username: owner.username,
      ip: origin.ip,
      country: origin.country,
      userAgent: origin.userAgent,
      startedAt: now,
      lastUsedAt: now,
      refreshHash: hashToken(tokens.refreshToken),
      jtis: jti ? [String(accessClaims(tokens.accessToken).jti)] : [],
      ttl,
    }),
    tx.put({
      ...keys.global.refreshToken(hashToken(tokens.refreshToken)),
      entityType: 'REFRESH_TOKEN',
      tenantId: owner.tenantId,
      userId: owner.userId,
      sessionId: id,
      ttl,
    }),
    ...(jti ? [tx.put(jti)] : []),
    ...extra.map((i) => tx.put(i)),
  ]);
  return id;
}

/** Before a refresh: the refresh token must belong to a live session. */
export async function assertRefreshable(refreshToken: string): Promise<Item> {
  const marker = await getItem(keys.global.refreshToken(hashToken(refreshToken)));
  if (!marker || marker.revoked === true) throw unauthorized(SESSION_REVOKED);
  return marker;
}

/**
 * After a refresh: the new access token joins the session; last used moves on. Whether the
 * session is still live was settled by the refresh marker (assertRefreshable); a session item
 * cleared meanwhile (the nightly demo reset clears the demo company's) only loses its bookkeeping.
 */
export async function recordRefresh(marker: Item, accessToken: string): Promise<void> {
  const tenantId = String(marker.tenantId);
  const sessionId = String(marker.sessionId);
  const jti = jtiItem(tenantId, sessionId, accessToken);
  if (jti) await putItem(jti);
  await updateRaw({
    Key: sessionKey(tenantId, sessionId),
    UpdateExpression: 'SET lastUsedAt = :now, jtis = list_append(if_not_exists(jtis, :empty), :jti)',
    ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(revokedAt)',
    ExpressionAttributeValues: {
      ':now': new Date().toISOString(),
      ':jti': jti ? [String(accessClaims(accessToken).jti)] : [],
      ':empty': [],
    },
  }).catch((err) => {
    if ((err as { name?: string }).name !== 'ConditionalCheckFailedException') throw err;
  });
}

export interface SessionView {
  id: string;
  userId: string;
  username: string;
  ip: string | null;
  country: string | null;
  userAgent: string | null;
  startedAt: string;
  lastUsedAt: string;
  revokedAt: string | null;
  current: boolean;
}

const view = (i: Item, current?: string): SessionView => ({
  id: String(i.id),
  userId: String(i.userId),
  username: String(i.username),
  ip: (i.ip as string) ?? null,
  country: (i.country as string) ?? null,
  userAgent: (i.userAgent as string) ?? null,
  startedAt: String(i.startedAt),
  lastUsedAt: String(i.lastUsedAt),
  revokedAt: (i.revokedAt as string) ?? null,
  current: i.id === current,
});

/** Newest first. Everyone sees their own sessions; OWNER and ADMIN see the whole company's. */
export async function listSessions(
  auth: AuthContext,
  q: { limit: number; cursor?: string; all?: boolean },
): Promise<Page<SessionView>> {
  const everyone = q.all === true && hasAbility(auth.role, 'security');
  const page = await queryPage<Item>({
    tenantId: auth.tenantId,
    pk: tenantPk(auth.tenantId, 'SESSION'),
    limit: q.limit,
    cursor: q.cursor,
    forward: false,
    signature: [everyone ? 'all' : auth.userId],
    filter: everyone
      ? { expression: 'attribute_not_exists(revokedAt)' }
      : { expression: 'userId = :u AND attribute_not_exists(revokedAt)', values: { ':u': auth.userId } },
  });
  return { items: page.items.map((i) => view(i, auth.sessionId)), nextCursor: page.nextCursor };
}

function revokeItems(session: Item, now: string): ReturnType<typeof tx.put>[] {
  return [
    tx.raw('Update', {
      Key: { pk: session.pk, sk: session.sk },
      UpdateExpression: 'SET revokedAt = :now',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':now': now },
    }),
    tx.raw('Update', {
      Key: keys.global.refreshToken(String(session.refreshHash)),
      UpdateExpression: 'SET revoked = :t',
      ExpressionAttributeValues: { ':t': true },
    }),
    ...((session.jtis as string[] | undefined) ?? []).slice(-20).map((jti) =>
      tx.raw('Update', {
        Key: keys.global.accessToken(jti),
        UpdateExpression: 'SET revoked = :t',
        ExpressionAttributeValues: { ':t': true },
      }),
    ),
  ];
}

/**
 * Users revoke their own sessions; OWNER and ADMIN anyone's in the company. Another company's
 * session id (or someone else's for a plain user) is simply not found.
 */
export async function revokeSession(actor: Actor & { sessionId?: string }, id: string): Promise<SessionView> {
  const session = /^[0-9A-HJKMNP-TV-Z]{26}$/.test(id) ? await getItem(sessionKey(actor.tenantId, id)) : undefined;
  if (!session || (session.userId !== actor.userId && !hasAbility(actor.role, 'security'))) throw notFound();
  const now = new Date().toISOString();
  if (!session.revokedAt) {
    await transact([
      ...revokeItems(session, now),
      tx.put(
        auditItem(actor, 'auth.session_revoked', 'SESSION', id, { note: `session of ${String(session.username)}` }),
      ),
    ]);
  }
  return view({ ...session, revokedAt: session.revokedAt ?? now }, actor.sessionId);
}

/** Password change: every other session of the user ends (a transaction each, a handful of sessions). */
export async function revokeOtherSessions(tenantId: string, userId: string, keep?: string): Promise<number> {
  let count = 0;
  let cursor: string | null | undefined;
  do {
    const page = await queryPage<Item>({
      tenantId,
      pk: tenantPk(tenantId, 'SESSION'),
      limit: 100,
      cursor,
      filter: { expression: 'userId = :u AND attribute_not_exists(revokedAt)', values: { ':u': userId } },
    });
    for (const s of page.items) {
      if (s.id === keep) continue;
      await transact(revokeItems(s, new Date().toISOString()));
      count++;
    }
    cursor = page.nextCursor;
  } while (cursor);
  return count;
}
