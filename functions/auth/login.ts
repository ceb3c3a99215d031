import { checkStatus } from '../lib/auth-context';
import { keys } from '../lib/data/keys';
import { batchGet, getItem, updateRaw } from '../lib/data/repo';
import { auditItem } from '../lib/data/audit';
import { putItem } from '../lib/data/repo';
import { fillTemplate, forbidden, HttpError, unauthorized } from '../lib/errors';
import { ERROR_CODES } from '../../shared/errors';
import { AUTH_MESSAGES } from '../../shared/schemas/auth-messages';
import { auth as authCatalog } from '../../shared/i18n/auth';
import { SECURITY_MESSAGES } from '../../shared/schemas/security';
import { DEMO_USERNAMES, type LoginInput } from '../../shared/schemas/auth';
import { INVALID_CREDENTIALS, passwordAuth, revokeRefreshToken } from './cognito';
import {
  clearAttempts,
  lockedForMs,
  LOCKOUT_WINDOW_MS,
  MAX_FAILED_LOGINS,
  MAX_FAILED_PER_IP,
  readAttempts,
  recordFailure,
} from './lockout';
import { normalizeUsername, sessionUser, type UserEntity } from './users';
import type { UseCaseCtx } from './register';
import { signinOrigin, type SigninOrigin } from './signin-context';
import { startSession } from './sessions';
import { completeChallenge, createChallenge, mfaEnabled, readMfa } from './mfa';
import { sendSecurityNotice } from './notices-lazy';
import { assessSignin, judgeCountry, readGeoRules, recordSignin, signinSucceeded } from './deps';
import { readCompanySettings } from '../lib/company-settings';
import type { RequestCtx } from '../lib/http';

const isLoopback = (ip: string) =>
  ip === '::1' || ip.startsWith('127.') || ip.startsWith('::ffff:127.') || ip === 'unknown';

type LoginCtx = UseCaseCtx<LoginInput> & Partial<Pick<RequestCtx, 'headers' | 'event'>>;

/** A sign-in event in the company's audit log, with where it came from (security monitoring reads these). */
function signinAudit(
  ctx: Pick<LoginCtx, 'requestId'>,
  origin: SigninOrigin,
  who: { tenantId: string; userId: string; username: string },
  action: string,
  note?: string,
) {
  return {
    ...auditItem({ ...who, requestId: ctx.requestId }, action, 'USER', who.userId, note ? { note } : undefined),
    ip: origin.ip,
    country: origin.country,
    userAgent: origin.userAgent,
  };
}
async function auditSignin(...args: Parameters<typeof signinAudit>) {
  await putItem(signinAudit(...args));
}

/**
 * POST /api/auth/login. Locked usernames get 429 before Cognito is asked; a wrong password and an
 * unknown username get the same 401; suspended users and companies get 403 and no tokens.
 */
export async function login(ctx: LoginCtx) {
  const username = normalizeUsername(ctx.body.username);
  // No account can have such a name (sign-up and staff forms refuse it), and '#' or control
  // characters cannot be part of a key: the same answer as any unknown username.
  if (/[\s#\u0000-\u001f]/.test(username)) throw unauthorized(INVALID_CREDENTIALS);
  const now = Date.now();
  const origin = signinOrigin(ctx);
  // Per-IP throttling first (password spraying across usernames), with the same answer. A
  // loopback address is a local run without CloudFront, where every browser and test shares
  // one address: it is not IP-throttled (tests send CloudFront-Viewer-Address to exercise the rule).
  const ipThrottled = !isLoopback(origin.ip);
  const ipAttempts = ipThrottled ? await readAttempts({ ip: origin.ip }) : undefined;
  const ipLocked = lockedForMs(ipAttempts, now, MAX_FAILED_PER_IP);
  if (ipLocked > 0) {
    await auditLockedRefusal(ctx, origin, username, 'address', now);
    throw lockedOut(ctx, ipLocked, now);
  }
  // The demo password is printed on the sign-in page: throttling it protects nothing, and
  // would let one visitor lock every other visitor out of "Try Live Demo" for 15 minutes.
  const throttled = !DEMO_USERNAMES.includes(username);
  const attempts = throttled ? await readAttempts(username) : undefined;
  const locked = lockedForMs(attempts, now);
  if (locked > 0) {
    await auditLockedRefusal(ctx, origin, username, 'username', now);
    throw lockedOut(ctx, locked, now);
  }

  let tokens;
  try {
    tokens = await passwordAuth(username, ctx.body.password);
  } catch (err) {
    if ((err as { status?: number }).status !== 401) throw err;
    const ipFailures = ipThrottled ? await recordFailure({ ip: origin.ip }, ipAttempts, now) : 0;
    if (ipFailures === MAX_FAILED_PER_IP)
      ctx.log.warn('sign-in throttled for a source IP after repeated failures', { failures: ipFailures });
    if (throttled) {
      const failures = await recordFailure(username, attempts, now);
      const windowStart = attempts && now - attempts.windowStart < LOCKOUT_WINDOW_MS ? attempts.windowStart : now;
      await auditLoginFailure(ctx, origin, username, failures, windowStart + LOCKOUT_WINDOW_MS);
    }
    throw unauthorized(INVALID_CREDENTIALS);
  }

  const pointer = await getItem(keys.global.username(username));
  if (!pointer) {
    // A Cognito user without our records (e.g. a sign-up interrupted between its two writes).
    await revokeRefreshToken(tokens.refreshToken);
    throw unauthorized(INVALID_CREDENTIALS);
  }
  const tenantId = pointer.tenantId as string;
  const userId = pointer.userId as string;
  const [userItem, tenantItem] = await batchGet([keys.user(tenantId, userId), keys.tenant(tenantId)]);
  if (!userItem || userItem.isArchived) {
    await revokeRefreshToken(tokens.refreshToken);
    throw unauthorized(INVALID_CREDENTIALS);
  }
  try {
    checkStatus(userItem, tenantItem);
  } catch (err) {
    await revokeRefreshToken(tokens.refreshToken);
    await auditSignin(
      ctx,
      origin,
      { tenantId, userId, username },
      'auth.login_refused',
      `status ${String(userItem.status)}`,
    );
    throw err;
  }
  // The company's geo access rules (functions/security/geo.ts): block refuses, alert lets through and is recorded.
  const verdict = judgeCountry(await readGeoRules(tenantId), origin.country);
  if (verdict.outcome === 'block') {
    await revokeRefreshToken(tokens.refreshToken);
    await auditSignin(
      ctx,
      origin,
      { tenantId, userId, username },
      'auth.geo_blocked',
      `country ${origin.country ?? 'unknown'}`,
    );
    throw forbidden(SECURITY_MESSAGES.geoBlocked);
  }
  if (verdict.outcome === 'alert')
    await auditSignin(
      ctx,
      origin,
      { tenantId, userId, username },
      'security.geo_alert',
      `sign-in from ${verdict.country}`,
    );

  // Risk of this sign-in (functions/security/risk.ts): device, country, travel, failures, IP.
  const who = { tenantId, userId, username };
  const assessment = await assessSignin(
    who,
    origin,
    {
      recentFailures: attempts && now - attempts.windowStart < LOCKOUT_WINDOW_MS ? attempts.failures : 0,
      ipListed:
        (ipAttempts?.failures ?? 0) >= MAX_FAILED_PER_IP / 2 &&
        now - (ipAttempts?.windowStart ?? 0) < LOCKOUT_WINDOW_MS,
    },
    now,
  );
  const refuse = async (outcome: 'refused' | 'device_blocked', action: string, message: string) => {
    await revokeRefreshToken(tokens.refreshToken);
    await recordSignin(who, origin, assessment, outcome, ctx.requestId);
    await auditSignin(
      ctx,
      origin,
      who,
      action,
      `${assessment.level} risk: ${assessment.signals.join(', ') || 'no signals'}`,
    );
    throw forbidden(message);
  };
  // A device an admin blocked cannot sign in (whatever the password).
  if (assessment.deviceStatus === 'blocked')
    await refuse('device_blocked', 'auth.device_blocked', SECURITY_MESSAGES.deviceBlocked);
  // The shared demo account is signed into by visitors from everywhere: assessed and recorded, never refused.
  const gate = !DEMO_USERNAMES.includes(username);
  if (gate && assessment.level === 'critical')
    await refuse('refused', 'auth.risk_refused', SECURITY_MESSAGES.riskRefused);
  const enrolled = await mfaEnabled(tenantId, userId);
  // High risk asks for the MFA code; without an authenticator app there is nothing to ask: refused.
  if (gate && assessment.level === 'high' && !enrolled)
    await refuse('refused', 'auth.risk_refused', SECURITY_MESSAGES.riskNeedsMfa);

  if (attempts) await clearAttempts(username);
  // MFA enrolled: no tokens yet, a challenge the code completes (mfa.ts, POST /api/auth/login/mfa).
  if (enrolled) {
    await recordSignin(who, origin, assessment, 'mfa', ctx.requestId);
    const challenge = await createChallenge(who, tokens, {
      ...origin,
      deviceId: assessment.deviceId,
      newDevice: assessment.signals.includes('new_device'),
      newCountry: assessment.signals.includes('new_country'),
    });
    await auditSignin(ctx, origin, who, 'auth.mfa_challenge');
    return { success: true as const, mfaRequired: true as const, challenge };
  }
  await recordSignin(who, origin, assessment, 'allowed', ctx.requestId);
  await startSession(who, tokens, origin, [signinAudit(ctx, origin, who, 'auth.login')]);
  await signinSucceeded(who, origin, assessment.deviceId, false, new Date(now));
  await noticeNewSignin(who, origin, {
    newDevice: assessment.signals.includes('new_device'),
    newCountry: assessment.signals.includes('new_country'),
  });
  // The company requires MFA of OWNER and ADMIN (company settings → Security): a sign-in without it
  // goes through once more and is sent to enrol (the web opens /account/security), so nobody is
  // locked out of the company by switching the setting on; every such sign-in is audited.
  const mustEnrol =
    ['OWNER', 'ADMIN'].includes(String(userItem.role)) &&
    (await readCompanySettings(tenantId)).requireMfaForAdmins === true;
  if (mustEnrol) await auditSignin(ctx, origin, who, 'auth.mfa_enrolment_required');
  // lastActiveAt is bookkeeping, not an edit: it must not bump the version a staff editor holds.
  await updateRaw({
    Key: keys.user(tenantId, userId),
    UpdateExpression: 'SET lastActiveAt = :now',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':now': new Date(now).toISOString() },
  });
  return {
    success: true as const,
    tokens,
    user: sessionUser(userItem as unknown as UserEntity),
    ...(mustEnrol ? { mfaEnrolmentRequired: true as const } : {}),
  };
}

/**
 * The lockout answer (issue 31): when to try again, in minutes, in the reader's language. The message is in the
 * language the request's Accept-Language puts first (Arabic or English); `template` and `params` let the web
 * show it in its own language (web kit translateApiError), and Retry-After gives the seconds.
 */
export function lockedOut(ctx: Partial<Pick<RequestCtx, 'headers'>>, lockedMs: number, now = Date.now()) {
  const seconds = Math.ceil(lockedMs / 1000);
  const params = { minutes: String(Math.ceil(seconds / 60)), retryAt: new Date(now + seconds * 1000).toISOString() };
  const arabic = /^\s*ar\b/i.test(ctx.headers?.['accept-language'] ?? '');
  const text = arabic ? authCatalog.ar.validation.lockedTryAgain : AUTH_MESSAGES.lockedTryAgain;
  return new HttpError(
    429,
    ERROR_CODES.TOO_MANY_ATTEMPTS,
    fillTemplate(text, params),
    undefined,
    { 'Retry-After': String(seconds) },
    { template: AUTH_MESSAGES.lockedTryAgain, params },
  );
}

/**
 * Every sign-in refused while locked goes to the company's audit log when the username is known (issue 31),
 * counted per user and minute in one item (`auth.locked_refused`, `attempts`), so a brute-force run of
 * thousands of tries adds at most one item a minute. `why`: the username's lock or the source address's.
 */
async function auditLockedRefusal(
  ctx: LoginCtx,
  origin: SigninOrigin,
  username: string,
  why: 'username' | 'address',
  now: number,
) {
  const pointer = await getItem(keys.global.username(username));
  if (!pointer) return;
  const tenantId = String(pointer.tenantId);
  const userId = String(pointer.userId);
  const minute = new Date(Math.floor(now / 60_000) * 60_000).toISOString();
  const id = `LOCKED-${why}-${userId}`;
  const key = keys.audit(tenantId, minute, id);
  const counted = await updateRaw({
    Key: key,
    UpdateExpression:
      'SET entityType = :e, id = :id, #at = :at, #action = :a, entity = :entity, entityId = :u, userId = :u, ' +
      'username = :n, requestId = :r, ip = :ip, country = :c, userAgent = :ua ADD attempts :one',
    ExpressionAttributeNames: { '#at': 'at', '#action': 'action' },
    ExpressionAttributeValues: {
      ':e': 'AUDIT',
      ':id': id,
      ':at': minute,
      ':a': 'auth.locked_refused',
      ':entity': 'USER',
      ':u': userId,
      ':n': username,
      ':r': ctx.requestId ?? null,
      ':ip': origin.ip,
      ':c': origin.country,
      ':ua': origin.userAgent,
      ':one': 1,
    },
    ReturnValues: 'ALL_NEW',
  });
  const note = `${Number(counted?.attempts ?? 1)} sign-in attempt(s) refused in this minute: ${why} locked`;
  await updateRaw({
    Key: key,
    UpdateExpression: 'SET summary = :s',
    ExpressionAttributeValues: { ':s': JSON.stringify({ note }) },
  });
}

/** A sign-in from a new device or country: the user is told (notices.ts). */
async function noticeNewSignin(
  who: { tenantId: string; userId: string },
  origin: SigninOrigin,
  what: { newDevice?: boolean; newCountry?: boolean },
) {
  if (!what.newDevice && !what.newCountry) return;
  await sendSecurityNotice(who, 'newSignin', { at: new Date().toISOString(), ...origin, ...what });
}

/** Failed sign-ins go to the company's audit log (security monitoring reads it) when the username is known. */
async function auditLoginFailure(
  ctx: LoginCtx,
  origin: SigninOrigin,
  username: string,
  failures: number,
  lockedUntil: number,
) {
  const lockedNow = failures === MAX_FAILED_LOGINS;
  const pointer = await getItem(keys.global.username(username));
  if (pointer) {
    await auditSignin(
      ctx,
      origin,
      { tenantId: pointer.tenantId as string, userId: pointer.userId as string, username },
      lockedNow ? 'auth.lockout' : 'auth.login_failed',
      `failed sign-in ${failures} in window`,
    );
    if (lockedNow)
      await sendSecurityNotice(
        { tenantId: String(pointer.tenantId), userId: String(pointer.userId) },
        'accountLocked',
        {
          at: new Date().toISOString(),
          ...origin,
          failures,
          until: new Date(lockedUntil).toISOString(),
        },
      );
  }
  if (lockedNow) ctx.log.warn('sign-in locked after repeated failures', { usernameKnown: !!pointer });
}

/** POST /api/auth/login/mfa: the second step of an MFA sign-in. */
export async function loginMfa(ctx: Pick<RequestCtx<{ challenge: string; code: string }>, 'body' | 'requestId'>) {
  const { who, tokens, origin, method } = await completeChallenge(ctx.body.challenge, ctx.body.code);
  const [userItem, tenantItem] = await batchGet([keys.user(who.tenantId, who.userId), keys.tenant(who.tenantId)]);
  if (!userItem || userItem.isArchived) throw unauthorized(INVALID_CREDENTIALS);
  checkStatus(userItem, tenantItem);
  const where = origin as SigninOrigin;
  await startSession(who, tokens, where, [
    signinAudit(
      ctx,
      where,
      who,
      'auth.login',
      method === 'recovery' ? 'with a recovery code' : 'with an authenticator code',
    ),
  ]);
  // A sign-in completed with the second factor trusts its device (unless an admin blocked it meanwhile).
  const seen = origin as { deviceId?: string; newDevice?: boolean; newCountry?: boolean };
  if (seen.deviceId) await signinSucceeded(who, where, seen.deviceId, true);
  await noticeNewSignin(who, where, seen);
  if (method === 'recovery') {
    const left = ((await readMfa(who.tenantId, who.userId))?.recoveryHashes as unknown[] | undefined)?.length ?? 0;
    await sendSecurityNotice(who, 'recoveryCodeUsed', { at: new Date().toISOString(), ...where, left });
  }
  return { success: true as const, tokens, user: sessionUser(userItem as unknown as UserEntity) };
}
