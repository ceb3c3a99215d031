import type { Role } from '../../shared/permissions';
import type { AuthContext } from './auth-context';

/**
 * Who is acting, in the one shape every domain passes to its use cases and audit items
 * (DESIGN.md §13). Built from the request by `actorOf`; jobs act as `systemActor(tenantId)`.
 */
export interface Actor {
  tenantId: string;
  userId: string;
  username: string;
  requestId: string;
  role: Role;
}

/** What an audit item names: a signed-in user (an Actor), or a job / sign-in step with less to say. */
export type AuditActor = Pick<Actor, 'tenantId'> & Partial<Omit<Actor, 'tenantId'>>;

export function actorOf(ctx: { auth: AuthContext; requestId: string }): Actor {
  return {
    tenantId: ctx.auth.tenantId,
    userId: ctx.auth.userId,
    username: ctx.auth.username,
    requestId: ctx.requestId,
    role: ctx.auth.role,
  };
}

/** Scheduled jobs (overdue marking, demo reset) write audit items as "system". */
export const systemActor = (tenantId: string): AuditActor => ({ tenantId, username: 'system' });
