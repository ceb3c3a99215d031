import { createDomainHandler, reply, type RequestCtx } from '../lib/http';
import { staffRoutes } from '../../shared/routes/staff';
import { canManageStaffMember, type Role } from '../../shared/permissions';
import { keys } from '../lib/data/keys';
import { transact, tx, type Item, type TransactItem } from '../lib/data/repo';
import { auditItem } from '../lib/data/audit';
import { cancellationCodes, conflict, forbidden, isConditionFailure, notFound } from '../lib/errors';
import type { z } from 'zod';
import { STAFF_SERVER_MESSAGES, type createStaffSchema, type listStaffQuery, type updateStaffSchema } from '../../shared/schemas/staff';
import { createCognitoUser, deleteCognitoUser } from '../auth/cognito';
import {
  EMAIL_TAKEN, assertAvailable, duplicateFromCancellation, listUsers, normalizeEmail, userItems, type UserEntity,
} from '../auth/users';
import { findMember, listStaffPage, toStaffMember } from './data';

/**
 * Staff management (issue 3; DESIGN.md §6). Rules beyond the role matrix:
 *  - ADMIN cannot touch an OWNER, nor make anyone an OWNER (canManageStaffMember).
 *  - Nobody can remove, suspend or demote the last active OWNER: a company must always have
 *    someone who can manage it. The check is made safe against two owners demoting each other at
 *    the same moment by a condition on the remaining owner's version in the same transaction.
 *  - Nobody suspends or removes their own account (a slip of the mouse would lock them out).
 * Suspension takes effect on the very next request: the handler stack reads status from the user
 * item on every call (lib/auth-context.ts), and sign-in refuses suspended users too.
 */
const MESSAGES = STAFF_SERVER_MESSAGES;

type Ctx<B = unknown, Q = unknown> = RequestCtx<B, Q, { id: string }>;

function actor(ctx: RequestCtx) {
  return { tenantId: ctx.auth.tenantId, userId: ctx.auth.userId, username: ctx.auth.username, requestId: ctx.requestId };
}

async function load(ctx: Ctx<any>): Promise<UserEntity> {
  const member = await findMember(ctx.auth.tenantId, ctx.params.id);
  if (!member) throw notFound('Staff member not found');
  if (!canManageStaffMember(ctx.auth.role, member.role)) throw forbidden(MESSAGES.adminCannotTouchOwner);
  return member;
}

const isActiveOwner = (u: UserEntity) => u.role === 'OWNER' && u.status === 'active' && !u.isArchived;

/**
 * When `target` is about to stop being an active OWNER: refuse if nobody else is, else a
 * ConditionCheck that another active OWNER is unchanged (so two concurrent demotions cannot both win).
 */
async function keepAnOwner(tenantId: string, target: UserEntity): Promise<TransactItem[]> {
  if (!isActiveOwner(target)) return [];
  const others = (await listUsers(tenantId)).filter((u) => u.id !== target.id && isActiveOwner(u));
  if (others.length === 0) throw conflict(MESSAGES.lastOwner, undefined, 'LAST_OWNER');
  const keeper = others[0];
  return [tx.condition(keys.user(tenantId, keeper.id), '#v = :v AND #role = :owner AND #status = :active',
    { '#v': 'version', '#role': 'role', '#status': 'status' }, { ':v': keeper.version, ':owner': 'OWNER', ':active': 'active' })];
}

async function commit(items: TransactItem[]) {
  try {
    await transact(items);
  } catch (err) {
    if (isConditionFailure(err)) {
      throw conflict(MESSAGES.changedElsewhere, undefined, 'VERSION_CONFLICT');
    }
    throw err;
  }
}

async function listStaff(ctx: RequestCtx<unknown, z.output<typeof listStaffQuery>>) {
  return reply.ok(await listStaffPage(ctx.auth.tenantId, ctx.query.limit, ctx.query.cursor));
}

async function getStaff(ctx: Ctx) {
  const member = await findMember(ctx.auth.tenantId, ctx.params.id);
  if (!member) throw notFound('Staff member not found');
  return reply.ok(toStaffMember(member));
}

async function createStaff(ctx: RequestCtx<z.output<typeof createStaffSchema>>) {
  const b = ctx.body;
  if (!canManageStaffMember(ctx.auth.role, b.role)) throw forbidden(MESSAGES.adminCannotTouchOwner);
  await assertAvailable(b.username, b.email);
  const sub = await createCognitoUser({ username: b.username.toLowerCase(), password: b.password, email: b.email, tenantId: ctx.auth.tenantId });
  const { user, globals } = userItems({
    tenantId: ctx.auth.tenantId, sub, username: b.username, email: b.email, firstName: b.firstName, lastName: b.lastName,
    role: b.role, status: b.status,
  });
  const items: Item[] = [user, ...globals];
  try {
    await transact([
      ...items.map((it) => tx.putNew(it)),
      tx.putNew(auditItem(actor(ctx), 'staff.create', 'USER', user.id as string, {
        after: { username: user.username, role: user.role, status: user.status },
      })),
    ]);
  } catch (err) {
    await deleteCognitoUser(user.username as string);
    if (isConditionFailure(err)) throw duplicateFromCancellation(items, cancellationCodes(err)) ?? err;
    throw err;
  }
  return reply.created(toStaffMember(user as unknown as UserEntity));
}

async function updateStaff(ctx: Ctx<z.output<typeof updateStaffSchema>>) {
  const member = await load(ctx);
  const b = ctx.body;
  const changes: Record<string, unknown> = {};
  const extra: TransactItem[] = [];
  if (b.firstName !== undefined && b.firstName !== member.firstName) changes.firstName = b.firstName;
  if (b.lastName !== undefined && b.lastName !== member.lastName) changes.lastName = b.lastName;
  if (b.role !== undefined && b.role !== member.role) {
    if (!canManageStaffMember(ctx.auth.role, b.role as Role)) throw forbidden(MESSAGES.adminCannotTouchOwner);
    changes.role = b.role;
    if (b.role !== 'OWNER') extra.push(...await keepAnOwner(ctx.auth.tenantId, member));
  }
  if (b.email !== undefined && normalizeEmail(b.email) !== (member.email ?? '')) {
    const email = normalizeEmail(b.email);
    changes.email = email;
    extra.push(tx.putNew({ ...keys.global.email(email), entityType: 'EMAIL', tenantId: member.tenantId, userId: member.id, createdAt: new Date().toISOString() }));
    if (member.email) extra.push(tx.delete(keys.global.email(member.email)));
  }
  if (Object.keys(changes).length === 0) return reply.ok(toStaffMember(member));
  const version = b.version ?? member.version;
  try {
    await transact([
      tx.update(keys.user(member.tenantId, member.id), version, changes),
      ...extra,
      tx.putNew(auditItem(actor(ctx), 'staff.update', 'USER', member.id, {
        before: Object.fromEntries(Object.keys(changes).map((k) => [k, (member as unknown as Record<string, unknown>)[k]])),
        after: changes,
      })),
    ]);
  } catch (err) {
    if (isConditionFailure(err) && changes.email) {
      const codes = cancellationCodes(err);
      const emailIndex = 1 + extra.findIndex((t) => 'Put' in t);
      if (codes[emailIndex] === 'ConditionalCheckFailed') throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN }, 'DUPLICATE');
    }
    if (isConditionFailure(err)) {
      throw conflict(MESSAGES.changedElsewhere, undefined, 'VERSION_CONFLICT');
    }
    throw err;
  }
  return reply.ok(toStaffMember({ ...member, ...changes, version: version + 1, updatedAt: new Date().toISOString() } as UserEntity));
}

/** Status change with its audit item; `guard` adds the last-owner check where it applies. */
async function setStatus(ctx: Ctx, member: UserEntity, status: UserEntity['status'], action: string, extra: TransactItem[] = [], more: Record<string, unknown> = {}) {
  const changes = { status, ...more };
  await commit([
    tx.update(keys.user(member.tenantId, member.id), member.version, changes),
    ...extra,
    tx.putNew(auditItem(actor(ctx), action, 'USER', member.id, { before: { status: member.status }, after: { status } })),
  ]);
  return reply.ok(toStaffMember({ ...member, ...changes, version: member.version + 1 } as UserEntity));
}

async function suspendStaff(ctx: Ctx) {
  const member = await load(ctx);
  if (member.id === ctx.auth.userId) throw forbidden(MESSAGES.notSelf);
  if (member.status === 'suspended') throw conflict(MESSAGES.alreadySuspended);
  return setStatus(ctx, member, 'suspended', 'staff.suspend', await keepAnOwner(ctx.auth.tenantId, member));
}

async function unsuspendStaff(ctx: Ctx) {
  const member = await load(ctx);
  if (member.status !== 'suspended') throw conflict(MESSAGES.notSuspended);
  // A suspended invite goes back to being an invite; everyone else is active again.
  return setStatus(ctx, member, member.inviteStatus === 'pending' ? 'pending' : 'active', 'staff.unsuspend');
}

async function activateStaff(ctx: Ctx) {
  const member = await load(ctx);
  if (member.status !== 'pending') throw conflict(MESSAGES.notPending);
  return setStatus(ctx, member, 'active', 'staff.activate', [], { inviteStatus: 'accepted' });
}

/**
 * Removal: the user item is archived (history keeps its name), the uniqueness and sub items are
 * deleted so the username and e-mail can be used again, then the Cognito user is deleted.
 */
async function deleteStaff(ctx: Ctx) {
  const member = await load(ctx);
  if (member.id === ctx.auth.userId) throw forbidden(MESSAGES.notSelf);
  const guard = await keepAnOwner(ctx.auth.tenantId, member);
  await commit([
    tx.update(keys.user(member.tenantId, member.id), member.version, { isArchived: true, status: 'suspended', archivedAt: new Date().toISOString() }),
    tx.delete(keys.global.username(member.username)),
    tx.delete(keys.global.sub(member.sub)),
    ...(member.email ? [tx.delete(keys.global.email(member.email))] : []),
    ...guard,
    tx.putNew(auditItem(actor(ctx), 'staff.delete', 'USER', member.id, { before: { username: member.username, role: member.role, status: member.status } })),
  ]);
  await deleteCognitoUser(member.username).catch((err) => ctx.log.warn('cognito user not deleted', { errorName: (err as Error).name }));
  return reply.noContent();
}

export const handler = createDomainHandler('staff', staffRoutes, {
  listStaff,
  getStaff,
  createStaff,
  updateStaff,
  suspendStaff,
  unsuspendStaff,
  activateStaff,
  deleteStaff,
});
