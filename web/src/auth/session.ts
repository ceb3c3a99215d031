/**
 * Pure session helpers: validating login/register answers and reading the current user.
 * Kept apart from the provider so they are testable without React.
 */
import { ROLES, type Role } from '../../../shared/permissions';
import type { Tokens } from '../lib/api';
import type { User } from './context';

export const ME_PATH = '/api/auth/me';
export const LOGIN_PATH = '/api/auth/login';
export const REGISTER_PATH = '/api/register';
export const LOGOUT_PATHS = { jwt: '/api/auth/logout', session: '/api/logout' } as const;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

export function toUser(value: unknown): User | null {
  if (!isObj(value)) return null;
  const { id, username } = value;
  if ((typeof id !== 'string' && typeof id !== 'number') || typeof username !== 'string' || !username) return null;
  const role = (ROLES as readonly unknown[]).includes(value.role) ? (value.role as Role) : 'STAFF';
  const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
  return {
    id: String(id),
    username,
    role,
    tenantId: str(value.tenantId) ?? '',
    email: str(value.email),
    firstName: str(value.firstName),
    lastName: str(value.lastName),
    tenantName: str(value.tenantName) ?? str(value.companyName),
  };
}

/** GET /api/auth/me answers either {success, user} or the user object itself. */
export function userFromMe(answer: unknown): User | null {
  if (isObj(answer) && 'user' in answer) return toUser(answer.user);
  return toUser(answer);
}

export type AuthAnswer = { ok: true; tokens: Tokens; user: User } | { ok: false; reason: 'invalid' | 'noTokens' };

/** Successful only with a success flag, tokens and a user with id and username (spec §5). */
export function parseAuthAnswer(answer: unknown): AuthAnswer {
  if (!isObj(answer) || answer.success !== true) return { ok: false, reason: 'invalid' };
  const user = toUser(answer.user);
  if (!user) return { ok: false, reason: 'invalid' };
  const t = answer.tokens;
  if (
    !isObj(t) ||
    typeof t.accessToken !== 'string' ||
    !t.accessToken ||
    typeof t.refreshToken !== 'string' ||
    !t.refreshToken
  ) {
    return { ok: false, reason: 'noTokens' };
  }
  const expiresIn = typeof t.expiresIn === 'number' && t.expiresIn > 0 ? t.expiresIn : 3600;
  return { ok: true, tokens: { accessToken: t.accessToken, refreshToken: t.refreshToken, expiresIn }, user };
}

export function displayName(user: User | null): string {
  if (!user) return '';
  const full = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return full || user.username;
}
