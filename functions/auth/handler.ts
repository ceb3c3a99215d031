import { createDomainHandler, reply, type RequestCtx } from '../lib/http';
import { authRoutes } from '../../shared/routes/auth';
import { refreshAuth, revokeRefreshToken } from './cognito';
import { register } from './register';
import { login, loginMfa } from './login';
import { disableMfa, readMfa, setupMfa, verifyMfaSetup } from './mfa';
import { adminRoutes } from '../../shared/routes/admin';
import { actorOf } from '../lib/actor';
import { runAsPlatform } from '../lib/clients/tenant-scope';
import { deadLetters, listTenants, platformJobRuns, retryParkedUnit, setTenantStatus } from './admin';
import { accountRoutes } from '../../shared/routes/account';
import { lockoutRoutes } from '../../shared/routes/security';
import { notFound } from '../lib/errors';
import { unlockUsername } from './unlock';
import { changePassword } from './password';
import { ensureDeviceCookie, signinOrigin } from './signin-context';
import { assertRefreshable, listSessions, recordRefresh, revokeSession } from './sessions';

/**
 * Identity: sign-up, sign-in, current user, refresh, logout (spec product-screens §4, §7;
 * DESIGN.md §6). Sign-up is register.ts, sign-in login.ts.
 */

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
  // A revoked session's refresh token stops working at once (sessions.ts).
  const marker = await assertRefreshable(ctx.body.refreshToken);
  const tokens = await refreshAuth(ctx.body.refreshToken);
  await recordRefresh(marker, tokens.accessToken);
  return reply.ok({ success: true, tokens });
}

async function logout(ctx: RequestCtx<{ refreshToken?: string } | undefined>) {
  if (ctx.body?.refreshToken) await revokeRefreshToken(ctx.body.refreshToken);
  return reply.ok({ success: true });
}

const routes = [...authRoutes, ...adminRoutes, ...accountRoutes, ...lockoutRoutes];

export const handler = createDomainHandler('auth', routes, {
  register: async (ctx) => reply.created(await register(ctx)),
  // A browser without a device id gets one with the answer (signin-context.ts); it fingerprints this sign-in too.
  login: async (ctx) => {
    const cookie = ensureDeviceCookie(ctx);
    return { ...reply.ok(await login(ctx)), headers: cookie };
  },
  me,
  refresh,
  refreshLegacy: refresh,
  logout,
  logoutLegacy: logout,
  // The platform operator's tenant console (admin.ts).
  // SUPERADMIN only (the route's ability), across companies: the Lambda's own role (a platform scope).
  listTenants: async (ctx) => reply.ok(await runAsPlatform(() => listTenants(actorOf(ctx), ctx.query))),
  suspendTenant: async (ctx) =>
    reply.ok(await runAsPlatform(() => setTenantStatus(actorOf(ctx), ctx.params.id, 'suspended', ctx.body.reason))),
  mfaSetup: async (ctx) => reply.ok(await setupMfa(actorOf(ctx))),
  mfaVerify: async (ctx) => reply.ok(await verifyMfaSetup(actorOf(ctx), ctx.body.code, signinOrigin(ctx))),
  mfaDisable: async (ctx) => reply.ok(await disableMfa(actorOf(ctx), ctx.body.code, signinOrigin(ctx))),
  mfaStatus: async (ctx) => {
    const mfa = await readMfa(ctx.auth.tenantId, ctx.auth.userId);
    return reply.ok({
      enabled: mfa?.enabled === true,
      recoveryCodesLeft: mfa?.enabled ? ((mfa.recoveryHashes as unknown[] | undefined) ?? []).length : 0,
    });
  },
  loginMfa: async (ctx) => reply.ok(await loginMfa(ctx)),
  changePassword: async (ctx) => reply.ok(await changePassword(ctx)),
  listSessions: async (ctx) => reply.ok(await listSessions(ctx.auth, ctx.query)),
  revokeSession: async (ctx) =>
    reply.ok(await revokeSession({ ...actorOf(ctx), sessionId: ctx.auth.sessionId }, ctx.params.id)),
  platformJobRuns: async () => reply.ok(await runAsPlatform(() => platformJobRuns())),
  listDeadLetters: async () => reply.ok(await runAsPlatform(() => deadLetters())),
  retryDeadLetter: async (ctx) =>
    reply.ok(await runAsPlatform(() => retryParkedUnit(actorOf(ctx), ctx.params.job, ctx.params.messageId))),
  reactivateTenant: async (ctx) =>
    reply.ok(await runAsPlatform(() => setTenantStatus(actorOf(ctx), ctx.params.id, 'active', ctx.body.reason))),
  // The security page's "Unlock" (the G#LOGIN# throttling items are auth's).
  unlockUser: async (ctx) => {
    // Another company's username (or one that does not exist) is simply not found.
    if (!(await unlockUsername(actorOf(ctx), ctx.params.username))) throw notFound();
    return reply.ok({ success: true });
  },
});
