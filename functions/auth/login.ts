import { checkStatus } from '../lib/auth-context';
import { keys } from '../lib/data/keys';
import { batchGet, getItem, updateRaw } from '../lib/data/repo';
import { writeAudit } from '../lib/data/audit';
import { tooManyAttempts, unauthorized } from '../lib/errors';
import { DEMO_CREDENTIALS, type LoginInput } from '../../shared/schemas/auth';
import { INVALID_CREDENTIALS, passwordAuth, revokeRefreshToken } from './cognito';
import { clearAttempts, lockedForMs, MAX_FAILED_LOGINS, readAttempts, recordFailure } from './lockout';
import { normalizeUsername, sessionUser, type UserEntity } from './users';
import type { UseCaseCtx } from './register';

/**
 * POST /api/auth/login. Locked usernames get 429 before Cognito is asked; a wrong password and an
 * unknown username get the same 401; suspended users and companies get 403 and no tokens.
 */
export async function login(ctx: UseCaseCtx<LoginInput>) {
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
  return { success: true as const, tokens, user: sessionUser(userItem as unknown as UserEntity) };
}

/** Failed sign-ins go to the company's audit log (security monitoring reads it) when the username is known. */
async function auditLoginFailure(ctx: UseCaseCtx<unknown>, username: string, failures: number) {
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

