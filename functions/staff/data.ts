import { keys, tenantPk } from '../lib/data/keys';
import { getItem, queryPage, toEntity, type Item, type Page } from '../lib/data/repo';
import type { StaffMember } from '../../shared/schemas/staff';
import type { UserEntity } from './deps';

/**
 * Staff are the company's users (T#{tenant}#USER). Removed members stay as archived items so the
 * audit log's names keep pointing somewhere; they are left out of the list.
 */
export function toStaffMember(u: UserEntity): StaffMember {
  return {
    id: u.id,
    tenantId: u.tenantId,
    username: u.username,
    email: u.email ?? null,
    firstName: u.firstName ?? '',
    lastName: u.lastName ?? '',
    role: u.role as StaffMember['role'],
    status: u.status,
    inviteStatus: u.inviteStatus ?? 'accepted',
    isArchived: u.isArchived === true,
    isDemo: u.isDemo === true,
    lastActiveAt: u.lastActiveAt ?? null,
    invitedAt: u.invitedAt ?? null,
    createdAt: u.createdAt,
    updatedAt: u.updatedAt,
    version: u.version,
  };
}

/** One Query page of the USER partition, archived members filtered out. */
export async function listStaffPage(tenantId: string, limit: number, cursor?: string): Promise<Page<StaffMember>> {
  const page = await queryPage<Item>({
    tenantId,
    pk: tenantPk(tenantId, 'USER'),
    limit,
    cursor,
    consistent: true,
    filter: { expression: '#archived <> :true', names: { '#archived': 'isArchived' }, values: { ':true': true } },
  });
  return { items: page.items.map((i) => toStaffMember(toEntity<UserEntity>(i)!)), nextCursor: page.nextCursor };
}

/** A live (not removed) member of this tenant, or undefined: another tenant's id is simply not found. */
export async function findMember(tenantId: string, id: string): Promise<UserEntity | undefined> {
  if (!/^[0-9A-Za-z]{1,64}$/.test(id)) return undefined;
  const u = toEntity<UserEntity>(await getItem(keys.user(tenantId, id)));
  return u && !u.isArchived ? u : undefined;
}
