import { ulid } from 'ulid';
import { createDomainHandler, reply, type RequestCtx } from '../lib/http';
import { authRoutes } from '../../shared/routes/auth';
import { checkStatus } from '../lib/auth-context';
import { keys } from '../lib/data/keys';
import { batchGet, getItem, transact, tx, updateRaw, type Item } from '../lib/data/repo';
import { auditItem, writeAudit } from '../lib/data/audit';
import { cancellationCodes, conflict, isConditionFailure, tooManyAttempts, unauthorized, validationFailed } from '../lib/errors';
import { DEMO_CREDENTIALS, type LoginInput, type RegisterBody } from '../../shared/schemas/auth';
import { INVALID_CREDENTIALS, createCognitoUser, deleteCognitoUser, passwordAuth, refreshAuth, revokeRefreshToken } from './cognito';
import { clearAttempts, lockedForMs, MAX_FAILED_LOGINS, readAttempts, recordFailure } from './lockout';
import { assertAvailable, duplicateFromCancellation, normalizeUsername, sessionUser, splitFullName, userItems, type UserEntity } from './users';
import { tenantItems, pickFreeSlug } from './tenant';

/**
 * Identity: sign-up, sign-in, current user, refresh, logout (spec product-screens §4, §7;
 * DESIGN.md §6).
 */

/**
 * POST /api/register. Order matters for "all or nothing": duplicates are refused before anything
 * is created; then the Cognito user; then ONE transaction with the tenant, its settings, the
 * OWNER user, the uniqueness items and the audit item. If the transaction fails the Cognito user
 * is deleted again, so a failed sign-up leaves nothing behind.
 */
async function register(ctx: RequestCtx<RegisterBody>) {
  const body = ctx.body;
  const username = normalizeUsername(body.username);
  if (/[\s#\u0000-\u001f]/.test(username)) {
    throw validationFailed({ username: 'Username may not contain spaces or #' });
  }
  await assertAvailable(username, body.email);

  const tenantId = ulid();
  const userId = ulid();
  const slug = await pickFreeSlug(body.tenantName);
  const sub = await createCognitoUser({ username, password: body.password, email: body.email, tenantId });

  const now = new Date().toISOString();
  const { firstName, lastName } = splitFullName(body.fullNameEnglish);
  const { user, globals } = userItems({
    tenantId, userId, sub, username, email: body.email, firstName, lastName,
    fullNameArabic: body.fullNameArabic ?? null, role: 'OWNER', now,
  });
  const tenant = tenantItems({ tenantId, name: body.tenantName, slug, email: body.email, ownerUserId: userId, now });
  const items: Item[] = [
    ...tenant,
    user,
    ...globals,
    auditItem({ tenantId, userId, username, requestId: ctx.requestId }, 'tenant.register', 'TENANT', tenantId, {
      after: { name: body.tenantName, slug, owner: username },
    }),
  ];
  try {
    await transact(items.map((it) => tx.putNew(it)));
  } catch (err) {
    await deleteCognitoUser(username);
    if (isConditionFailure(err)) {
      throw duplicateFromCancellation(items, cancellationCodes(err))
        ?? conflict('This company name was just taken by another sign-up. Please try again.');
    }
    throw err;
  }
  ctx.log.info('tenant registered', { slug });

  const tokens = await passwordAuth(username, body.password);
  return reply.created({ success: true, tokens, user: sessionUser(user as unknown as UserEntity) });
}

/**
 * POST /api/auth/login. Locked usernames get 429 before Cognito is asked; a wrong password and an
 * unknown username get the same 401; suspended users and companies get 403 and no tokens.
 */
async function login(ctx: RequestCtx<LoginInput>) {
  const username = normalizeUsername(ctx.body.username);
  // No account can have such a name (sign-up and staff forms refuse it), and '#' or control
  // characters cannot be part of a key: the same answer as any unknown username.
  if (/[\s#\u0000-\u001f]/.test(username)) throw unauthorized(INVALID_CREDENTIALS);
  const now = Date.now();
  // The demo password is printed on the sign-in page: throttling it protects nothing, and
  // would let one visitor lock every other visitor out of "Try Live Demo" for 15 minutes.
  const throttled = username !== DEMO_CREDENTIALS.username;
  const attempts = throttled ? await readAttempts(username) : undefined;
  const locked = lockedForMs(attempts, now);
  if (locked > 0) throw tooManyAttempts('Too many attempts', Math.ceil(locked / 1000));

  let tokens;
  try {
    tokens = await passwordAuth(username, ctx.body.password);
  } catch (err) {
    if ((err as { status?: number }).status !== 401) throw err;
    if (throttled) await auditLoginFailure(ctx, username, await recordFailure(username, attempts, now));
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
    await writeAudit({ tenantId, userId, username, requestId: ctx.requestId }, 'auth.login_refused', 'USER', userId, { note: `status ${String(userItem.status)}` });
    throw err;
  }

  if (attempts) await clearAttempts(username);
  // lastActiveAt is bookkeeping, not an edit: it must not bump the version a staff editor holds.
  await updateRaw({
    Key: keys.user(tenantId, userId),
    UpdateExpression: 'SET lastActiveAt = :now',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':now': new Date(now).toISOString() },
  });
  return reply.ok({ success: true, tokens, user: sessionUser(userItem as unknown as UserEntity) });
}

/** Failed sign-ins go to the company's audit log (security monitoring reads it) when the username is known. */
async function auditLoginFailure(ctx: RequestCtx, username: string, failures: number) {
  const lockedNow = failures === MAX_FAILED_LOGINS;
  const pointer = await getItem(keys.global.username(username));
  if (pointer) {
    await writeAudit(
      { tenantId: pointer.tenantId as string, userId: pointer.userId as string, username, requestId: ctx.requestId },
      lockedNow ? 'auth.lockout' : 'auth.login_failed', 'USER', pointer.userId as string, { note: `failed sign-in ${failures} in window` },
    );
  }
  if (lockedNow) ctx.log.warn('sign-in locked after repeated failures', { usernameKnown: !!pointer });
}

async function me(ctx: RequestCtx) {
  const a = ctx.auth;
  return reply.ok({
    success: true,
    user: {
      id: a.userId,
      username: a.username,
      role: a.role,
      tenantId: a.tenantId,
      email: a.email ?? null,
      firstName: a.firstName ?? null,
      lastName: a.lastName ?? null,
      status: a.status,
      isDemo: a.isDemo,
      tenantName: a.tenantName ?? null,
    },
  });
}

async function refresh(ctx: RequestCtx<{ refreshToken: string }>) {
  const tokens = await refreshAuth(ctx.body.refreshToken);
  return reply.ok({ success: true, tokens });
}

async function logout(ctx: RequestCtx<{ refreshToken?: string } | undefined>) {
  if (ctx.body?.refreshToken) await revokeRefreshToken(ctx.body.refreshToken);
  return reply.ok({ success: true });
}

export const handler = createDomainHandler('auth', authRoutes, {
  register,
  login,
  me,
  refresh,
  refreshLegacy: refresh,
  logout,
  logoutLegacy: logout,
});
