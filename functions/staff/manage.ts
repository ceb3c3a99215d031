import type { z } from 'zod';
import { canManageStaffMember, type Role } from '../../shared/permissions';
import { STAFF_SERVER_MESSAGES, type createStaffSchema, type updateStaffSchema } from '../../shared/schemas/staff';
import type { Actor } from '../lib/actor';
import { auditItem } from '../lib/data/audit';
import { keys } from '../lib/data/keys';
import { transact, tx, type Item, type TransactItem } from '../lib/data/repo';
import { cancellationCodes, conflict, forbidden, isConditionFailure, notFound } from '../lib/errors';
import type { Logger } from '../lib/logger';
import {
  EMAIL_TAKEN,
  assertAvailable,
  createCognitoUser,
  deleteCognitoUser,
  duplicateFromCancellation,
  listUsers,
  normalizeEmail,
  userItems,
  type UserEntity,
} from './deps';
import { findMember, toStaffMember } from './data';

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

/** A member the actor may manage (ADMIN never manages an OWNER); 404 for another tenant's id. */
async function load(actor: Actor, id: string): Promise<UserEntity> {
  const member = await findMember(actor.tenantId, id);
  if (!member) throw notFound('Staff member not found');
  if (!canManageStaffMember(actor.role, member.role)) throw forbidden(MESSAGES.adminCannotTouchOwner);
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
  return [
    tx.condition(
      keys.user(tenantId, keeper.id),
      '#v = :v AND #role = :owner AND #status = :active',
      { '#v': 'version', '#role': 'role', '#status': 'status' },
      { ':v': keeper.version, ':owner': 'OWNER', ':active': 'active' },
    ),
  ];
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

export async function getStaff(tenantId: string, id: string) {
  const member = await findMember(tenantId, id);
  if (!member) throw notFound('Staff member not found');
  return toStaffMember(member);
}

export async function createStaff(actor: Actor, b: z.output<typeof createStaffSchema>) {
  if (!canManageStaffMember(actor.role, b.role)) throw forbidden(MESSAGES.adminCannotTouchOwner);
  await assertAvailable(b.username, b.email);
  const sub = await createCognitoUser({
    username: b.username.toLowerCase(),
    password: b.password,
    email: b.email,
    tenantId: actor.tenantId,
  });
  const { user, globals } = userItems({
    tenantId: actor.tenantId,
    sub,
    username: b.username,
    email: b.email,
    firstName: b.firstName,
    lastName: b.lastName,
    role: b.role,
    status: b.status,
  });
  const items: Item[] = [user, ...globals];
  try {
    await transact([
      ...items.map((it) => tx.putNew(it)),
      tx.putNew(
        auditItem(actor, 'staff.create', 'USER', user.id as string, {
          after: { username: user.username, role: user.role, status: user.status },
        }),
      ),
    ]);
  } catch (err) {
    await deleteCognitoUser(user.username as string);
    if (isConditionFailure(err)) throw duplicateFromCancellation(items, cancellationCodes(err)) ?? err;
    throw err;
  }
  return toStaffMember(user as unknown as UserEntity);
}

export async function updateStaff(actor: Actor, id: string, b: z.output<typeof updateStaffSchema>) {
  const member = await load(actor, id);
  const changes: Record<string, unknown> = {};
  const extra: TransactItem[] = [];
  if (b.firstName !== undefined && b.firstName !== member.firstName) changes.firstName = b.firstName;
  if (b.lastName !== undefined && b.lastName !== member.lastName) changes.lastName = b.lastName;
  if (b.role !== undefined && b.role !== member.role) {
    if (!canManageStaffMember(actor.role, b.role as Role)) throw forbidden(MESSAGES.adminCannotTouchOwner);
    changes.role = b.role;
    if (b.role !== 'OWNER') extra.push(...(await keepAnOwner(actor.tenantId, member)));
  }
  if (b.email !== undefined && normalizeEmail(b.email) !== (member.email ?? '')) {
    const email = normalizeEmail(b.email);
    changes.email = email;
    extra.push(
      tx.putNew({
        ...keys.global.email(email),
        entityType: 'EMAIL',
        tenantId: member.tenantId,
        userId: member.id,
        createdAt: new Date().toISOString(),
      }),
    );
    if (member.email) extra.push(tx.delete(keys.global.email(member.email)));
  }
  if (Object.keys(changes).length === 0) return toStaffMember(member);
  const version = b.version ?? member.version;
  try {
    await transact([
      tx.update(keys.user(member.tenantId, member.id), version, changes),
      ...extra,
      tx.putNew(
        auditItem(actor, 'staff.update', 'USER', member.id, {
          before: Object.fromEntries(
            Object.keys(changes).map((k) => [k, (member as unknown as Record<string, unknown>)[k]]),
          ),
          after: changes,
        }),
      ),
    ]);
  } catch (err) {
    if (isConditionFailure(err) && changes.email) {
      const codes = cancellationCodes(err);
      const emailIndex = 1 + extra.findIndex((t) => 'Put' in t);
      if (codes[emailIndex] === 'ConditionalCheckFailed')
        throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN }, 'DUPLICATE');
    }
    if (isConditionFailure(err)) {
      throw conflict(MESSAGES.changedElsewhere, undefined, 'VERSION_CONFLICT');
    }
    throw err;
  }
  return toStaffMember({
    ...member,
    ...changes,
    version: version + 1,
    updatedAt: new Date().toISOString(),
  } as UserEntity);
}

/** Status change with its audit item; `extra` adds the last-owner check where it applies. */
async function setStatus(
  actor: Actor,
  member: UserEntity,
  status: UserEntity['status'],
  action: string,
  extra: TransactItem[] = [],
  more: Record<string, unknown> = {},
) {
  const changes = { status, ...more };
  await commit([
    tx.update(keys.user(member.tenantId, member.id), member.version, changes),
    ...extra,
    tx.putNew(auditItem(actor, action, 'USER', member.id, { before: { status: member.status }, after: { status } })),
  ]);
  return toStaffMember({ ...member, ...changes, version: member.version + 1 } as UserEntity);
}

export async function suspendStaff(actor: Actor, id: string) {
  const member = await load(actor, id);
  if (member.id === actor.userId) throw forbidden(MESSAGES.notSelf);
  if (member.status === 'suspended') throw conflict(MESSAGES.alreadySuspended);
  return setStatus(actor, member, 'suspended', 'staff.suspend', await keepAnOwner(actor.tenantId, member));
}

export async function unsuspendStaff(actor: Actor, id: string) {
  const member = await load(actor, id);
  if (member.status !== 'suspended') throw conflict(MESSAGES.notSuspended);
  // A suspended invite goes back to being an invite; everyone else is active again.
  return setStatus(actor, member, member.inviteStatus === 'pending' ? 'pending' : 'active', 'staff.unsuspend');
}

export async function activateStaff(actor: Actor, id: string) {
  const member = await load(actor, id);
  if (member.status !== 'pending') throw conflict(MESSAGES.notPending);
  return setStatus(actor, member, 'active', 'staff.activate', [], { inviteStatus: 'accepted' });
}

/**
 * Removal: the user item is archived (history keeps its name), the uniqueness and sub items are
 * deleted so the username and e-mail can be used again, then the Cognito user is deleted.
 */
export async function deleteStaff(actor: Actor, id: string, log: Logger) {
  const member = await load(actor, id);
  if (member.id === actor.userId) throw forbidden(MESSAGES.notSelf);
  const guard = await keepAnOwner(actor.tenantId, member);
  await commit([
    tx.update(keys.user(member.tenantId, member.id), member.version, {
      isArchived: true,
      status: 'suspended',
      archivedAt: new Date().toISOString(),
    }),
    tx.delete(keys.global.username(member.username)),
    tx.delete(keys.global.sub(member.sub)),
    ...(member.email ? [tx.delete(keys.global.email(member.email))] : []),
    ...guard,
    tx.putNew(
      auditItem(actor, 'staff.delete', 'USER', member.id, {
        before: { username: member.username, role: member.role, status: member.status },
      }),
    ),
  ]);
  await deleteCognitoUser(member.username).catch((err) =>
    log.warn('cognito user not deleted', { errorName: (err as Error).name }),
  );
}
