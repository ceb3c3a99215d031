import * as z from 'zod';
import { cursor, entityId } from './fields';

/**
 * The one list answer of the API (DESIGN.md §5): `GET …?q=&limit=&cursor=` answers
 * `{ items, nextCursor }`; `nextCursor` is null on the last page. A filtered page may hold fewer
 * than `limit` items and still carry a cursor (the web's useCursorList follows it).
 */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/**
 * The declared response of a route that answers 204 No Content (a delete): there is no body, so
 * the response contract has nothing to parse; a 200 with a body would not match.
 */
export const noContent = z.null().describe('204 No Content: the answer has no body');

/** `{id}` of a path (any entity): not an id of ours answers 404, as every other lookup. */
export const idParamsSchema = z.object({ id: entityId() });

/** `?limit=&cursor=` of a plain list (25 by default, at most 100). */
export const pageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: cursor().optional(),
});
