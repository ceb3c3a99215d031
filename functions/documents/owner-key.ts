import { tenantPk } from '../lib/data/keys';

/**
 * The partition of one vehicle's or customer's document pointers (`T#{t}#DOC_OF#{ownerId}`). On its
 * own, without the document schemas: rentals reads it (through api.ts → lapsing.ts) at every
 * booking, and its Lambda should not load the documents domain's zod schemas for one key.
 */
export const ownerPk = (tenantId: string, ownerId: string) => tenantPk(tenantId, 'DOC_OF', ownerId);
