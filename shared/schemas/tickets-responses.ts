import * as z from 'zod';
import { importResultSchema, salikSchema, ticketHistorySchema, ticketSchema } from './tickets';
import { pageOf } from './page';
import { uploadTargetSchema } from './upload';
import { ledgerEntrySchema, rentalSchema } from './rentals-responses';

/** What the tickets routes answer (functions/tickets/model.ts ticketToApi, salikToApi; recharge.ts; import.ts). */
export const ticketPageSchema = pageOf(ticketSchema);
export const salikPageSchema = pageOf(salikSchema);
export const ticketHistoryListSchema = z.object({ items: z.array(ticketHistorySchema) });
export const ticketImportResultSchema = importResultSchema;
/** Presigned PUT of a fine notice. */
export const ticketNoticeUploadSchema = uploadTargetSchema;

/** The charges posted to the rental (rentals' external charges): the rental and its new ledger entries. */
const postedCharges = { rental: rentalSchema, entries: z.array(ledgerEntrySchema) };
export const ticketRechargeResponseSchema = z.object({ ticket: ticketSchema, ...postedCharges });
export const salikRechargeResponseSchema = z.object({ recharged: z.number(), ...postedCharges });
