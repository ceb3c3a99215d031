import { ulid } from 'ulid';
import type { Role } from '../../shared/permissions';
import { keys, tenantPk } from '../lib/data/keys';
import { batchGet, getItem, queryAll, toEntity, type Item } from '../lib/data/repo';
import { conflict } from '../lib/errors';

/**
 * User items and the global uniqueness items that go with them. Shared by sign-up (auth domain),
 * staff management (staff domain) and the demo seed, so every user is created the same way.
 *
 * Layout:
 *   T#{tenant}#USER / {userId}        the user (role, status, names; never a password)
 *   G#USERNAME#{username} / G         {tenantId, userId}: usernames are unique across companies
 *   G#EMAIL#{email} / G               {tenantId, userId}: e-mails are unique across companies
 *   G#SUB#{cognito sub} / G           {tenantId, userId}: the token's subject → our user
 *
 * Usernames are case-insensitive: stored and sent to Cognito in lower case, so "Sara" and "sara"
 * are one account (what people expect of a sign-in name).
 */
export type UserStatus = 'active' | 'pending' | 'suspended';

export interface UserEntity {
  id: string;
  tenantId: string;
  sub: string;
  username: string;
  email: string | null;
  firstName: string;
  lastName: string;
  fullNameArabic?: string | null;
  role: Role;
  status: UserStatus;
  isArchived: boolean;
  inviteStatus: 'accepted' | 'pending';
  lastActiveAt: string | null;
  invitedAt: string | null;
  isDemo: boolean;
  createdAt: string;
  updatedAt: string;
  version: number;
}

export const USERNAME_TAKEN = 'Username is already taken';
export const EMAIL_TAKEN = 'An account with this email already exists';

export const normalizeUsername = (username: string) => username.trim().toLowerCase();
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** "Sara Al Mansouri" → first "Sara", last "Al Mansouri"; a single word is a first name only. */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const parts = fullName.trim().split(/\s+/).filter(Boolean);
  return { firstName: parts[0] ?? '', lastName: parts.slice(1).join(' ') };
}

export interface NewUser {
  tenantId: string;
  userId?: string;
  sub: string;
  username: string;
  email?: string | null;
  firstName: string;
  lastName: string;
  fullNameArabic?: string | null;
  role: Role;
  status?: UserStatus;
  isDemo?: boolean;
  now?: string;
}

/** The user item plus its uniqueness and sub-pointer items, ready for one transaction. */
export function userItems(u: NewUser): { user: Item; globals: Item[] } {
  const now = u.now ?? new Date().toISOString();
  const id = u.userId ?? ulid();
  const username = normalizeUsername(u.username);
  const email = u.email ? normalizeEmail(u.email) : null;
  const status = u.status ?? 'active';
  const user: Item = {
    ...keys.user(u.tenantId, id),
    entityType: 'USER',
    id,
    tenantId: u.tenantId,
    sub: u.sub,
    username,
    email,
    firstName: u.firstName,
    lastName: u.lastName,
    fullNameArabic: u.fullNameArabic ?? null,
    role: u.role,
    status,
    isArchived: false,
    inviteStatus: status === 'pending' ? 'pending' : 'accepted',
    lastActiveAt: null,
    invitedAt: status === 'pending' ? now : null,
    isDemo: u.isDemo === true,
    createdAt: now,
    updatedAt: now,
    version: 1,
  };
  const pointer = { tenantId: u.tenantId, userId: id, createdAt: now };
  const globals: Item[] = [
    { ...keys.global.username(username), entityType: 'USERNAME', ...pointer },
    { ...keys.global.sub(u.sub), entityType: 'SUB', ...pointer },
  ];
  if (email) globals.push({ ...keys.global.email(email), entityType: 'EMAIL', ...pointer });
  return { user, globals };
}

/**
 * Refuses a username or e-mail already in use, before anything is created (the transaction's
 * attribute_not_exists conditions still guard against a race).
 */
export async function assertAvailable(username: string, email?: string | null): Promise<void> {
  const [u, e] = await batchGet([
    keys.global.username(normalizeUsername(username)),
    ...(email ? [keys.global.email(normalizeEmail(email))] : []),
  ]);
  const fields: Record<string, string> = {};
  if (u) fields.username = USERNAME_TAKEN;
  if (e) fields.email = EMAIL_TAKEN;
  if (fields.username) throw conflict(USERNAME_TAKEN, fields, 'DUPLICATE');
  if (fields.email) throw conflict(EMAIL_TAKEN, fields, 'DUPLICATE');
}

/** Which uniqueness item made a cancelled transaction fail, as a field error. */
export function duplicateFromCancellation(items: Item[], codes: (string | undefined)[]) {
  const fields: Record<string, string> = {};
  codes.forEach((code, i) => {
    if (code !== 'ConditionalCheckFailed') return;
    const type = items[i]?.entityType;
    if (type === 'USERNAME') fields.username = USERNAME_TAKEN;
    if (type === 'EMAIL') fields.email = EMAIL_TAKEN;
  });
  if (fields.username) return conflict(USERNAME_TAKEN, fields, 'DUPLICATE');
  if (fields.email) return conflict(EMAIL_TAKEN, fields, 'DUPLICATE');
  return undefined;
}

export async function getUser(tenantId: string, userId: string): Promise<UserEntity | undefined> {
  const item = await getItem(keys.user(tenantId, userId));
  return toEntity<UserEntity>(item);
}

/** Every user of a company (one Query on the USER partition; companies have tens of users). */
export async function listUsers(tenantId: string): Promise<UserEntity[]> {
  const items = await queryAll<Item>({ tenantId, pk: tenantPk(tenantId, 'USER'), consistent: true, max: 1000 });
  return items.map((i) => toEntity<UserEntity>(i)!);
}

/** The answer's user shape for sign-in and sign-up (spec §7: id, username, role, tenantId + form fields). */
export function sessionUser(
  u: Pick<UserEntity, 'id' | 'username' | 'role' | 'tenantId' | 'email' | 'firstName' | 'lastName'>,
) {
  return {
    id: u.id,
    username: u.username,
    role: u.role,
    tenantId: u.tenantId,
    email: u.email ?? null,
    firstName: u.firstName,
    lastName: u.lastName,
  };
}
