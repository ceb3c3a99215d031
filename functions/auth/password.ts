import type { RequestCtx } from '../lib/http';
import { writeAudit } from '../lib/data/audit';
import { actorOf } from '../lib/actor';
import { validationFailed } from '../lib/errors';
import { PASSWORD_CHANGE_MESSAGES } from '../../shared/schemas/security';
import { passwordAuth, revokeRefreshToken, setPassword } from './cognito';
import { revokeOtherSessions } from './sessions';
import { assertUncommonPassword } from './common-passwords';
import { sendSecurityNotice } from './notices-lazy';
import { signinOrigin } from './signin-context';

/**
 * POST /api/v1/auth/password: the current password is checked with Cognito (a wrong one is a
 * field error, and counts for nothing else), the new one is set, and every other session of the
 * user is signed out; this session stays. A new password among the most common is refused first (issue 31),
 * and the user gets a security email.
 */
export async function changePassword(ctx: RequestCtx<{ currentPassword: string; newPassword: string }>) {
  assertUncommonPassword(ctx.body.newPassword, 'newPassword');
  let check;
  try {
    check = await passwordAuth(ctx.auth.username, ctx.body.currentPassword);
  } catch (err) {
    if ((err as { status?: number }).status !== 401) throw err;
    throw validationFailed({ currentPassword: PASSWORD_CHANGE_MESSAGES.currentWrong });
  }
  await revokeRefreshToken(check.refreshToken);
  await setPassword(ctx.auth.username, ctx.body.newPassword);
  const signedOut = await revokeOtherSessions(ctx.auth.tenantId, ctx.auth.userId, ctx.auth.sessionId);
  await writeAudit(actorOf(ctx), 'auth.password_changed', 'USER', ctx.auth.userId, {
    note: `${signedOut} other session(s) signed out`,
  });
  await sendSecurityNotice(ctx.auth, 'passwordChanged', {
    at: new Date().toISOString(),
    ...signinOrigin(ctx),
    count: signedOut,
  });
  return { success: true as const, signedOut };
}
