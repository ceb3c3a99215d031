import * as z from 'zod';
import { moneyAmount, positiveMoneyAmount } from '../money';
import { MATCH_STATES, SALIK_STATUSES, TICKET_STATUSES } from '../tickets/rules';
import { TICKET_MESSAGES as M } from '../tickets/messages';
import {
  TEXT_LIMITS,
  cursor,
  entityId,
  hasNoControlCharacters,
  longText,
  shortText,
  text,
  utcDateTime,
} from './fields';
import { FIELD_MESSAGES } from './field-messages';

/**
 * Ticket and toll texts refuse control characters (400, the field named): a NUL in a ticket number or a note
 * comes from a broken file or a probe, never from an authority's notice. RTL text and emoji are kept as sent.
 */
const plain = (s: z.ZodString) => s.refine(hasNoControlCharacters, { message: FIELD_MESSAGES.controlCharacters });

/**
 * Traffic tickets, Salik tolls and statement imports (issue 13; business-data §3 traffic_tickets,
 * salik_charges). Amounts are decimals in the API and minor units inside.
 */
export const ticketIdParams = z.object({ id: entityId() });

const limit = z.coerce.number().int().min(1).max(100).optional();

export const listTicketsQuery = z.object({
  status: z.enum(TICKET_STATUSES).optional(),
  match: z.enum(MATCH_STATES).optional(),
  rentalId: entityId().optional(),
  q: shortText().optional(),
  limit,
  cursor: cursor().optional(),
});

/** A ticket by hand: the vehicle by id or by plate (the plate is what the fine notice shows). */
export const createTicketSchema = z
  .object({
    ticketNumber: plain(text(TEXT_LIMITS.short, { required: M.ticketNumberRequired })).min(1, M.ticketNumberRequired),
    violationDate: utcDateTime(M.violationDateRequired),
    plate: plain(shortText()).optional(),
    vehicleId: entityId().optional(),
    violationType: plain(shortText()).optional(),
    location: plain(text(TEXT_LIMITS.name)).optional(),
    amount: positiveMoneyAmount,
    notes: plain(longText()).optional(),
    externalId: plain(shortText()).optional(),
    fileKey: text(TEXT_LIMITS.token, { trim: false }).optional(),
    fileName: plain(text(TEXT_LIMITS.name)).optional(),
  })
  .refine((b) => !!b.plate || !!b.vehicleId, { message: M.plateOrVehicleRequired, path: ['plate'] });
export type CreateTicketBody = z.output<typeof createTicketSchema>;

/**
 * PATCH: any field; `reason` is required when the amount or the status changes (checked on the server against the
 * stored values).
 */
export const updateTicketSchema = z.object({
  version: z.number().int().min(1),
  ticketNumber: plain(text(TEXT_LIMITS.short)).min(1, M.ticketNumberRequired).optional(),
  violationDate: utcDateTime().optional(),
  violationType: plain(shortText()).optional(),
  location: plain(text(TEXT_LIMITS.name)).optional(),
  amount: positiveMoneyAmount.optional(),
  status: z.enum(TICKET_STATUSES).optional(),
  notes: plain(longText()).optional(),
  /** Resolving an unmatched ticket by hand: the rental that had the vehicle (null = none). */
  rentalId: entityId().nullable().optional(),
  /** How the authority was paid when the status becomes paid (cash or bank). */
  paymentMethod: z.enum(['cash', 'bank_transfer']).optional(),
  reason: plain(longText()).optional(),
});
export type UpdateTicketBody = z.output<typeof updateTicketSchema>;

export const rechargeTicketSchema = z.object({ waiveAdminFee: z.boolean().optional() }).optional();

/** A statement import: `preview` answers what would happen; false writes the valid, new rows. */
export const importSchema = z.object({
  preview: z.boolean(),
  csv: z.string({ error: M.csvRequired }).min(1, M.csvRequired).max(2_000_000),
  /** field → column header; absent fields are guessed from the headers or the source's remembered mapping. */
  mapping: z.record(z.string(), plain(text(TEXT_LIMITS.name))).optional(),
  /** The statement's source (e.g. "RTA", "Dubai Police", "Salik"): its mapping is remembered. */
  source: plain(shortText()).optional(),
});
export type ImportBody = z.output<typeof importSchema>;

export const listSalikQuery = z.object({
  match: z.enum(MATCH_STATES).optional(),
  rentalId: entityId().optional(),
  status: z.enum(SALIK_STATUSES).optional(),
  recharged: z.enum(['true', 'false']).optional(),
  limit,
  cursor: cursor().optional(),
});

export const createSalikSchema = z
  .object({
    plate: plain(shortText()).optional(),
    vehicleId: entityId().optional(),
    tollTime: utcDateTime(M.tollTimeRequired),
    gateLocation: plain(text(TEXT_LIMITS.name, { required: M.gateRequired })).min(1, M.gateRequired),
    amount: positiveMoneyAmount,
    status: z.enum(SALIK_STATUSES).default('paid'),
    notes: plain(longText()).optional(),
    transactionId: plain(shortText()).optional(),
    direction: plain(shortText()).optional(),
    tag: plain(shortText()).optional(),
  })
  .refine((b) => !!b.plate || !!b.vehicleId, { message: M.plateOrVehicleRequired, path: ['plate'] });
export type CreateSalikBody = z.output<typeof createSalikSchema>;

/** Resolving a toll by hand: the rental that had the vehicle, or null (confirmed on no rental). */
export const updateSalikSchema = z.object({
  version: z.number().int().min(1),
  rentalId: entityId().nullable().optional(),
  status: z.enum(SALIK_STATUSES).optional(),
  notes: plain(longText()).optional(),
});
export type UpdateSalikBody = z.output<typeof updateSalikSchema>;

export const salikRechargeSchema = z.object({ rentalId: entityId(M.rentalRequired) });

/** Company settings of this area (issue 13: admin fee per fine and per crossing). */
export const ticketSettingsSchema = z.object({
  fineAdminFee: moneyAmount,
  tollAdminFeePerCrossing: moneyAmount,
});

export const ticketSchema = z.object({
  id: z.string(),
  ticketNumber: z.string(),
  violationDate: z.string(),
  violationType: z.string().nullable(),
  location: z.string().nullable(),
  amount: z.number(),
  status: z.enum(TICKET_STATUSES),
  vehicleId: z.string().nullable(),
  licensePlate: z.string(),
  rentalId: z.string().nullable(),
  rentalReference: z.string().nullable(),
  customerId: z.string().nullable(),
  customer: z.string().nullable(),
  matchState: z.enum(MATCH_STATES),
  notes: z.string().nullable(),
  externalId: z.string().nullable(),
  source: z.string(),
  fileKey: z.string().nullable(),
  fileName: z.string().nullable(),
  rechargedAt: z.string().nullable(),
  adminFee: z.number().nullable(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Short-lived download URL of the fine notice (GET of one ticket only). */
  fileUrl: z.string().nullable().optional(),
});
export type Ticket = z.infer<typeof ticketSchema>;

export const ticketHistorySchema = z.object({
  id: z.string(),
  fieldChanged: z.string(),
  oldValue: z.string().nullable(),
  newValue: z.string().nullable(),
  changedBy: z.string(),
  reason: z.string().nullable(),
  at: z.string(),
});
export type TicketHistory = z.infer<typeof ticketHistorySchema>;

export const salikSchema = z.object({
  id: z.string(),
  vehicleId: z.string().nullable(),
  licensePlate: z.string(),
  rentalId: z.string().nullable(),
  rentalReference: z.string().nullable(),
  customer: z.string().nullable(),
  amount: z.number(),
  gateLocation: z.string(),
  tollTime: z.string(),
  status: z.enum(SALIK_STATUSES),
  notes: z.string().nullable(),
  source: z.string(),
  transactionId: z.string().nullable(),
  direction: z.string().nullable(),
  tag: z.string().nullable(),
  matchState: z.enum(MATCH_STATES),
  rechargedAt: z.string().nullable(),
  version: z.number(),
  createdAt: z.string(),
});
export type SalikCharge = z.infer<typeof salikSchema>;

export const importRowSchema = z.object({
  row: z.number(),
  outcome: z.enum(['create', 'duplicate', 'error']),
  errors: z.record(z.string(), z.string()),
  reference: z.string().nullable(),
  plate: z.string().nullable(),
  at: z.string().nullable(),
  amount: z.number().nullable(),
  matchState: z.enum(MATCH_STATES).nullable(),
  rentalReference: z.string().nullable(),
  customer: z.string().nullable(),
});
export type ImportRow = z.infer<typeof importRowSchema>;
export const importResultSchema = z.object({
  headers: z.array(z.string()),
  mapping: z.record(z.string(), z.string()),
  rows: z.array(importRowSchema),
  counts: z.object({
    create: z.number(),
    duplicate: z.number(),
    error: z.number(),
    matched: z.number(),
    unmatched: z.number(),
  }),
  /** Rows written (commit only). */
  created: z.number(),
});
export type ImportResult = z.infer<typeof importResultSchema>;
