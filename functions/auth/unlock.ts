import { keys } from '../lib/data/keys';
import { getItem } from '../lib/data/repo';
import { writeAudit } from '../lib/data/audit';
import type { Actor } from '../lib/actor';
import { clearAttempts } from './lockout';
import { normalizeUsername } from './users';

/**
 * An OWNER or ADMIN lifts a sign-in lockout of one of their own company's usernames. A username
 * of another company (or none) answers false: the caller says 404, revealing nothing.
 */
export async function unlockUsername(actor: Actor, raw: string): Promise<boolean> {
  const username = normalizeUsername(raw);
  // No account can have such a name (and it cannot be part of a key): simply not found.
  if (/[\s#\u0000-\u001f]/.test(username)) return false;
  const pointer = await getItem(keys.global.username(username));
  if (!pointer || pointer.tenantId !== actor.tenantId) return false;
  await clearAttempts(username);
  await writeAudit(actor, 'auth.unlock', 'USER', pointer.userId as string, {
    note: `sign-in lockout of ${username} lifted`,
  });
  return true;
}
