import * as z from 'zod';
import type { Ability } from './permissions';
import { cursor, entityId, longText } from './schemas/fields';

/**
 * Alerts (business-data §3 alerts; issue 13): title, description, type, severity (high, medium,
 * low; default medium), status (unread, read, resolved), source (system), impactLevel, category,
 * actionUrl, related entity id and type, dateDetected, resolvedAt.
 */
export const ALERT_STATUSES = ['unread', 'read', 'resolved'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];
export const ALERT_SEVERITIES = ['high', 'medium', 'low'] as const;
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];

/** Each category is seen by the roles that can read its area (shared/permissions.ts). */
export const ALERT_CATEGORY_ABILITY = {
  tickets: 'tickets',
  rentals: 'rentalsRead',
  documents: 'documentsVehicle',
  maintenance: 'maintenanceRead',
  deposits: 'rentalsRead',
  invoices: 'financeRead',
  gps: 'gpsRead',
  /** Health changes of a vehicle (fleet health): the roles of the Fleet Health page. */
  fleet: 'reportsFleetHealth',
  security: 'security',
} as const satisfies Record<string, Ability>;
export type AlertCategory = keyof typeof ALERT_CATEGORY_ABILITY;
export const ALERT_CATEGORIES = Object.keys(ALERT_CATEGORY_ABILITY) as AlertCategory[];

/** Alert types the generator raises (other areas add theirs through functions/alerts/api.ts raiseAlert). */
export const ALERT_TYPES = [
  'rental_overdue',
  'rental_returning_today',
  'ticket_unmatched',
  'toll_unmatched',
  'toll_no_rental',
  'ticket_unpaid',
  'document_expiring',
  'document_expired',
  'maintenance_past_due',
  'maintenance_due_soon',
  'maintenance_urgent_open',
  'deposit_release_due',
  'invoice_overdue',
  'geofence',
  'speeding',
  'security',
  'security_signin_risk',
  'security_risky_action',
  'tracker_offline',
  'tracker_battery_low',
  'health_dropped',
] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

export const listAlertsQuery = z.object({
  status: z.enum(ALERT_STATUSES).optional(),
  category: z.enum(Object.keys(ALERT_CATEGORY_ABILITY) as [AlertCategory, ...AlertCategory[]]).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  cursor: cursor().optional(),
});
export const alertIdParams = z.object({ id: entityId() });
export const resolveAlertSchema = z.object({ note: longText().optional() }).optional();

export const alertSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  type: z.string(),
  severity: z.enum(ALERT_SEVERITIES),
  status: z.enum(ALERT_STATUSES),
  source: z.string(),
  impactLevel: z.string().nullable(),
  category: z.string(),
  actionUrl: z.string().nullable(),
  relatedEntityId: z.string().nullable(),
  relatedEntityType: z.string().nullable(),
  dateDetected: z.string(),
  resolvedAt: z.string().nullable(),
  resolutionNote: z.string().nullable(),
  params: z.record(z.string(), z.string()),
  version: z.number(),
});
export type Alert = z.infer<typeof alertSchema>;
export const alertPageSchema = z.object({ items: z.array(alertSchema), nextCursor: z.string().nullable() });
/** "Generate now": conditions found and alerts created (each condition raises once). */
export const generateAlertsResultSchema = z.object({ conditions: z.number(), created: z.number() });
