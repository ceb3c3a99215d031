import { createHash } from 'node:crypto';
import { badRequest } from '../errors';

/**
 * Opaque pagination cursors bound to the tenant and the query that produced them. A cursor
 * made for another tenant or another query (different filters/sort) is refused with 400, so a
 * client cannot page one list with another list's position. The LastEvaluatedKey inside is
 * also checked to lie in the queried partition before it reaches DynamoDB.
 */
interface CursorPayload {
  t: string; // tenant id
  q: string; // query signature
  k: Record<string, unknown>; // LastEvaluatedKey
}

export function querySignature(parts: unknown): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 16);
}

export function encodeCursor(
  tenantId: string,
  signature: string,
  lastKey: Record<string, unknown> | undefined,
): string | null {
  if (!lastKey) return null;
  const payload: CursorPayload = { t: tenantId, q: signature, k: lastKey };
  return Buffer.from(JSON.stringify(payload)).toString('base64url');
}

export function decodeCursor(
  cursor: string | undefined | null,
  tenantId: string,
  signature: string,
): Record<string, unknown> | undefined {
  if (!cursor) return undefined;
  let payload: CursorPayload;
  try {
    payload = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badRequest('Invalid cursor', { cursor: 'Invalid cursor' });
  }
  if (
    !payload ||
    typeof payload !== 'object' ||
    payload.t !== tenantId ||
    payload.q !== signature ||
    !payload.k ||
    typeof payload.k !== 'object'
  ) {
    throw badRequest('Invalid cursor', { cursor: 'Invalid cursor' });
  }
  for (const [name, value] of Object.entries(payload.k)) {
    if (
      name.endsWith('pk') &&
      typeof value === 'string' &&
      value.startsWith('T#') &&
      !value.startsWith(`T#${tenantId}#`)
    ) {
      throw badRequest('Invalid cursor', { cursor: 'Invalid cursor' });
    }
  }
  return payload.k;
}
