import * as z from 'zod';
import { cursor, text } from './fields';

/**
 * Security monitoring and the platform operator's admin tools (issue 16; business-data-and-rules.md
 * §3 security tables; DESIGN.md §6). The same schemas validate the /dashboard/security and
 * /admin-tools pages and the security / auth Lambdas.
 */
export const GEO_ACTIONS = ['allow', 'block', 'alert'] as const;
export type GeoAction = (typeof GEO_ACTIONS)[number];

export const SECURITY_MESSAGES = {
  countryInvalid: 'Country must be a two-letter ISO code',
  actionInvalid: 'Action must be allow, block or alert',
  dateInvalid: 'Date must be YYYY-MM-DD',
  rangeInvalid: 'The start date must be on or before the end date',
  reasonRequired: 'A reason is required',
  geoBlocked: 'Sign-in from your country is not allowed for this company.',
  notYourTenant: 'You cannot suspend your own company',
  alreadySuspended: 'This company is already suspended',
  notSuspended: 'This company is not suspended',
  noLockout: 'This username is not locked',
} as const;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, SECURITY_MESSAGES.dateInvalid);
const page = { limit: z.coerce.number().int().min(1).max(200).optional().default(50), cursor: cursor().optional() };

export const auditQuery = z.object({
  userId: text(64).optional(),
  action: text(64).optional(),
  entity: text(40).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  format: z.enum(['json', 'csv']).optional().default('json'),
  ...page,
}).refine((q) => !q.from || !q.to || q.from <= q.to, { message: SECURITY_MESSAGES.rangeInvalid, path: ['from'] });
export type AuditQuery = z.output<typeof auditQuery>;

export const signinsQuery = z.object(page);

export const geoRuleBody = z.object({
  country: z.string().trim().toUpperCase().pipe(z.string().regex(/^[A-Z]{2}$/, SECURITY_MESSAGES.countryInvalid)),
  action: z.enum([...GEO_ACTIONS, 'remove'], { message: SECURITY_MESSAGES.actionInvalid }),
  note: text(200).optional(),
});
export type GeoRuleBody = z.output<typeof geoRuleBody>;

export const usernameParams = z.object({ username: z.string().trim().min(1).max(64).regex(/^[^\s#]+$/) });
export const tenantIdParams = z.object({ id: z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'Not found') });
export const tenantsQuery = z.object({ q: text(100).optional(), ...page });
export const tenantActionBody = z.object({ reason: z.string({ error: SECURITY_MESSAGES.reasonRequired }).trim().min(1, SECURITY_MESSAGES.reasonRequired).max(300) });

export const auditEntry = z.object({
  id: z.string(), at: z.string(), action: z.string(), entity: z.string(), entityId: z.string(),
  userId: z.string().nullable(), username: z.string().nullable(), summary: z.string().nullable(),
  ip: z.string().nullable().optional(), country: z.string().nullable().optional(), userAgent: z.string().nullable().optional(),
});
export type AuditEntry = z.output<typeof auditEntry>;
export const geoRule = z.object({ country: z.string(), action: z.enum(GEO_ACTIONS), note: z.string().nullable().optional(), createdAt: z.string(), createdBy: z.string().nullable() });
export type GeoRule = z.output<typeof geoRule>;
export const tenantRow = z.object({
  id: z.string(), name: z.string(), slug: z.string(), region: z.string().nullable(), status: z.string(), createdAt: z.string(),
  users: z.number(), vehicles: z.number(), rentals: z.number(), lastActivityAt: z.string().nullable(),
});
export type TenantRow = z.output<typeof tenantRow>;

export const PASSWORD_CHANGE_MESSAGES = {
  currentRequired: 'Current password is required',
  currentWrong: 'Current password is incorrect',
  sameAsCurrent: 'The new password must differ from the current one',
} as const;
export const changePasswordBody = z.object({
  currentPassword: z.string({ error: PASSWORD_CHANGE_MESSAGES.currentRequired }).min(1, PASSWORD_CHANGE_MESSAGES.currentRequired).max(256),
  newPassword: z.string({ error: 'Password must be at least 6 characters' }).min(6, 'Password must be at least 6 characters').max(256),
}).refine((b) => b.currentPassword !== b.newPassword, { message: PASSWORD_CHANGE_MESSAGES.sameAsCurrent, path: ['newPassword'] });
export const sessionIdParams = z.object({ id: z.string().min(1).max(64) });
export const sessionsQuery = z.object({ all: z.enum(['true', 'false']).optional().transform((v) => v === 'true'), ...page });
export const sessionView = z.object({
  id: z.string(), userId: z.string(), username: z.string(), ip: z.string().nullable(), country: z.string().nullable(), userAgent: z.string().nullable(),
  startedAt: z.string(), lastUsedAt: z.string(), revokedAt: z.string().nullable(), current: z.boolean(),
});

export const MFA_MESSAGES = {
  codeRequired: 'Enter the 6-digit code from your authenticator app',
  codeWrong: 'The code is not valid. Check your authenticator app and try again.',
  noSetup: 'Start MFA setup first',
  alreadyEnabled: 'MFA is already enabled',
  notEnabled: 'MFA is not enabled',
  challengeExpired: 'The sign-in step has expired. Please sign in again.',
} as const;
const code = z.string({ error: MFA_MESSAGES.codeRequired }).trim().min(1, MFA_MESSAGES.codeRequired).max(20);
export const mfaCodeBody = z.object({ code });
export const mfaLoginBody = z.object({ challenge: z.string().min(10).max(200), code });
export type SessionView = z.output<typeof sessionView>;
