import { post, unique } from './client';
import { createStaff } from './entity-factories';

/**
 * Test fixtures over the real API (no back doors): a fresh company per call, staff users with a
 * given role, sign-in. Every name is unique across the run, so test files can run in parallel.
 *
 *   const owner = await registerTenant();
 *   const admin = await createStaffUser(owner.token, 'ADMIN');
 *   await get('/api/v1/staff', admin.token);
 */
export type StaffRoleName = 'OWNER' | 'ADMIN' | 'STAFF' | 'MECHANIC';

export interface SessionUser {
  id: string;
  username: string;
  role: string;
  tenantId: string;
  email: string | null;
  firstName: string;
  lastName: string;
}

export interface RegisteredTenant {
  /** The OWNER's access token. */
  token: string;
  refreshToken: string;
  user: SessionUser;
  tenantId: string;
  username: string;
  password: string;
  email: string;
  tenantName: string;
}

export interface StaffSession {
  token: string;
  refreshToken: string;
  user: SessionUser;
  username: string;
  password: string;
  /** The staff member as GET /api/v1/staff shows it. */
  member: Record<string, any>;
}

export interface RegisterOptions {
  tenantName?: string;
  fullNameEnglish?: string;
  fullNameArabic?: string;
  username?: string;
  email?: string;
  password?: string;
  /** The sign-up page's country (POST /api/register `region`); absent = the API's default (US). */
  region?: 'AE' | 'SA' | 'JO' | 'US';
}

function fail(what: string, res: { status: number; body: unknown }): never {
  throw new Error(`${what} failed: ${res.status} ${JSON.stringify(res.body).slice(0, 500)}`);
}

/** Signs up a new company through POST /api/register; returns the OWNER's session. */
export async function registerTenant(opts: RegisterOptions = {}): Promise<RegisteredTenant> {
  const username = opts.username ?? unique('owner');
  const password = opts.password ?? 'secret-pass-1';
  const email = opts.email ?? `${username}@example.test`;
  const tenantName = opts.tenantName ?? `Test Rentals ${username}`;
  const res = await post('/api/register', {
    tenantName,
    fullNameEnglish: opts.fullNameEnglish ?? 'Test Owner',
    ...(opts.fullNameArabic ? { fullNameArabic: opts.fullNameArabic } : {}),
    username,
    email,
    password,
    ...(opts.region ? { region: opts.region } : {}),
  });
  if (res.status !== 201) fail('registerTenant', res);
  return {
    token: res.body.tokens.accessToken,
    refreshToken: res.body.tokens.refreshToken,
    user: res.body.user,
    tenantId: res.body.user.tenantId,
    username: res.body.user.username,
    password,
    email,
    tenantName,
  };
}

/** Signs in through POST /api/auth/login; throws unless it succeeds. */
export async function login(
  username: string,
  password: string,
): Promise<{ token: string; refreshToken: string; user: SessionUser }> {
  const res = await post('/api/auth/login', { username, password });
  if (res.status !== 200) fail(`login(${username})`, res);
  return { token: res.body.tokens.accessToken, refreshToken: res.body.tokens.refreshToken, user: res.body.user };
}

/** Adds an active staff member with `role` to the owner's company and signs them in. */
export async function createStaffUser(
  ownerToken: string,
  role: StaffRoleName,
  extra: Record<string, unknown> = {},
): Promise<StaffSession> {
  const username = unique(role.toLowerCase());
  const password = 'staff-pass-1';
  const member = await createStaff(ownerToken, {
    firstName: 'Test',
    lastName: role.charAt(0) + role.slice(1).toLowerCase(),
    username,
    email: `${username}@example.test`,
    password,
    role,
    ...extra,
  });
  const session = await login(username, password);
  return { ...session, username, password, member };
}

/** One company with a session for every role, for table-driven role tests. */
export async function tenantWithAllRoles() {
  const owner = await registerTenant();
  const [admin, staff, mechanic] = await Promise.all([
    createStaffUser(owner.token, 'ADMIN'),
    createStaffUser(owner.token, 'STAFF'),
    createStaffUser(owner.token, 'MECHANIC'),
  ]);
  return {
    owner,
    admin,
    staff,
    mechanic,
    tokens: { OWNER: owner.token, ADMIN: admin.token, STAFF: staff.token, MECHANIC: mechanic.token },
  };
}
