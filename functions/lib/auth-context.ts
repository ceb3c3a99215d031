import type { Role } from '../../shared/permissions';
import { keys } from './data/keys';
import { batchGet, getItem } from './data/repo';
import { forbidden, unauthorized } from './errors';

/**
 * Who is calling. Built from the access token's verified `sub` (the authorizer did the
 * verification) and the user's own item, read on every request: never from the body or path,
 * so a suspension or role change takes effect on the very next request (DESIGN.md §6).
 */
export interface AuthContext {
  sub: string;
  tenantId: string;
  userId: string;
  username: string;
  email?: string;
  firstName?: string;
  lastName?: string;
  role: Role;
  status: string;
  isDemo: boolean;
  tenantName?: string;
  /** The sign-in session this access token belongs to (functions/auth/sessions.ts), when known. */
  sessionId?: string;
}

export const STATUS_MESSAGES = {
  suspended: 'Your account is suspended. Contact your company administrator.',
  pending: 'Your account has not been activated yet. Contact your company administrator.',
  tenantSuspended: 'Your company account is suspended. Contact support.',
} as const;

export const SESSION_REVOKED = 'This session was signed out. Please sign in again.';

/** sub → tenant/user never changes, so the pointer may be cached for the container's life. */
const pointerCache = new Map<string, { tenantId: string; userId: string }>();

export async function loadAuthContext(sub: string, jti?: string): Promise<AuthContext> {
  let pointer = pointerCache.get(sub);
  if (!pointer) {
    const item = await getItem(keys.global.sub(sub), true);
    if (!item) throw unauthorized('Your session is no longer valid. Please sign in again.');
    pointer = { tenantId: item.tenantId as string, userId: item.userId as string };
    if (pointerCache.size > 10_000) pointerCache.clear();
    pointerCache.set(sub, pointer);
  }
  // The token's session marker comes in the same round trip: a revoked session's access token is
  // refused at its next request. A token without a marker predates sessions and is let through.
  const [user, tenant, token] = await batchGet([
    keys.user(pointer.tenantId, pointer.userId),
    keys.tenant(pointer.tenantId),
    ...(jti ? [keys.global.accessToken(jti)] : []),
  ]);
  if (!user || user.isArchived) throw unauthorized('Your session is no longer valid. Please sign in again.');
  if (token?.revoked === true) throw unauthorized(SESSION_REVOKED);
  const ctx = checkStatus(user, tenant);
  if (token?.sessionId) ctx.sessionId = String(token.sessionId);
  return ctx;
}

export function checkStatus(user: Record<string, unknown>, tenant: Record<string, unknown> | undefined): AuthContext {
  if (tenant?.status === 'suspended' && user.role !== 'SUPERADMIN') throw forbidden(STATUS_MESSAGES.tenantSuspended);
  if (user.status === 'suspended') throw forbidden(STATUS_MESSAGES.suspended);
  if (user.status === 'pending') throw forbidden(STATUS_MESSAGES.pending);
  return {
    sub: user.sub as string,
    tenantId: user.tenantId as string,
    userId: user.id as string,
    username: user.username as string,
    email: user.email as string | undefined,
    firstName: user.firstName as string | undefined,
    lastName: user.lastName as string | undefined,
    role: user.role as Role,
    status: user.status as string,
    isDemo: user.isDemo === true,
    tenantName: tenant?.name as string | undefined,
  };
}

export function forgetPointer(sub: string): void {
  pointerCache.delete(sub);
}
