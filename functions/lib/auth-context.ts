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
}

export const STATUS_MESSAGES = {
  suspended: 'Your account is suspended. Contact your company administrator.',
  pending: 'Your account has not been activated yet. Contact your company administrator.',
  tenantSuspended: 'Your company account is suspended. Contact support.',
} as const;

/** sub → tenant/user never changes, so the pointer may be cached for the container's life. */
const pointerCache = new Map<string, { tenantId: string; userId: string }>();

export async function loadAuthContext(sub: string): Promise<AuthContext> {
  let pointer = pointerCache.get(sub);
  if (!pointer) {
    const item = await getItem(keys.global.sub(sub), true);
    if (!item) throw unauthorized('Your session is no longer valid. Please sign in again.');
    pointer = { tenantId: item.tenantId as string, userId: item.userId as string };
    if (pointerCache.size > 10_000) pointerCache.clear();
    pointerCache.set(sub, pointer);
  }
  const [user, tenant] = await batchGet([keys.user(pointer.tenantId, pointer.userId), keys.tenant(pointer.tenantId)]);
  if (!user || user.isArchived) throw unauthorized('Your session is no longer valid. Please sign in again.');
  return checkStatus(user, tenant);
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
