import * as z from 'zod';
import { cursor, text } from './fields';
import { RISK_LEVELS } from '../security/risk';

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
  deviceBlocked: 'This device has been blocked by your company. Ask your administrator.',
  riskNeedsMfa:
    'This sign-in looks unusual (a new device or place). Set up an authenticator app, or ask your administrator to trust this device.',
  riskRefused: 'This sign-in was refused because it looks unsafe. Your administrator has been alerted.',
  mfaRequiredByCompany: 'Your company requires an authenticator app for owners and admins. Set it up now.',
} as const;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, SECURITY_MESSAGES.dateInvalid);
const page = { limit: z.coerce.number().int().min(1).max(200).optional().default(50), cursor: cursor().optional() };

export const auditQuery = z
  .object({
    userId: text(64).optional(),
    action: text(64).optional(),
    entity: text(40).optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
    format: z.enum(['json', 'csv']).optional().default('json'),
    ...page,
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: SECURITY_MESSAGES.rangeInvalid, path: ['from'] });
export type AuditQuery = z.output<typeof auditQuery>;

export const signinsQuery = z.object(page);

export const geoRuleBody = z.object({
  country: z
    .string()
    .trim()
    .toUpperCase()
    .pipe(z.string().regex(/^[A-Z]{2}$/, SECURITY_MESSAGES.countryInvalid)),
  action: z.enum([...GEO_ACTIONS, 'remove'], { message: SECURITY_MESSAGES.actionInvalid }),
  note: text(200).optional(),
});
export type GeoRuleBody = z.output<typeof geoRuleBody>;

export const usernameParams = z.object({
  username: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[^\s#]+$/),
});
export const tenantIdParams = z.object({ id: z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'Not found') });
export const tenantsQuery = z.object({ q: text(100).optional(), ...page });
export const tenantActionBody = z.object({
  reason: z
    .string({ error: SECURITY_MESSAGES.reasonRequired })
    .trim()
    .min(1, SECURITY_MESSAGES.reasonRequired)
    .max(300),
});

export const auditEntry = z.object({
  id: z.string(),
  at: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  userId: z.string().nullable(),
  username: z.string().nullable(),
  summary: z.string().nullable(),
  ip: z.string().nullable().optional(),
  country: z.string().nullable().optional(),
  userAgent: z.string().nullable().optional(),
});
export type AuditEntry = z.output<typeof auditEntry>;
export const geoRule = z.object({
  country: z.string(),
  action: z.enum(GEO_ACTIONS),
  note: z.string().nullable().optional(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type GeoRule = z.output<typeof geoRule>;
export const tenantRow = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  region: z.string().nullable(),
  status: z.string(),
  createdAt: z.string(),
  users: z.number(),
  vehicles: z.number(),
  rentals: z.number(),
  lastActivityAt: z.string().nullable(),
});
export type TenantRow = z.output<typeof tenantRow>;

export const PASSWORD_CHANGE_MESSAGES = {
  currentRequired: 'Current password is required',
  currentWrong: 'Current password is incorrect',
  sameAsCurrent: 'The new password must differ from the current one',
} as const;
export const changePasswordBody = z
  .object({
    currentPassword: z
      .string({ error: PASSWORD_CHANGE_MESSAGES.currentRequired })
      .min(1, PASSWORD_CHANGE_MESSAGES.currentRequired)
      .max(256),
    newPassword: z
      .string({ error: 'Password must be at least 6 characters' })
      .min(6, 'Password must be at least 6 characters')
      .max(256),
  })
  .refine((b) => b.currentPassword !== b.newPassword, {
    message: PASSWORD_CHANGE_MESSAGES.sameAsCurrent,
    path: ['newPassword'],
  });
export const sessionIdParams = z.object({ id: z.string().min(1).max(64) });
export const sessionsQuery = z.object({
  all: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
  ...page,
});
export const sessionView = z.object({
  id: z.string(),
  userId: z.string(),
  username: z.string(),
  ip: z.string().nullable(),
  country: z.string().nullable(),
  userAgent: z.string().nullable(),
  startedAt: z.string(),
  lastUsedAt: z.string(),
  revokedAt: z.string().nullable(),
  current: z.boolean(),
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

/** Devices and risk (issue 16): device fingerprints and risk assessments of the security tables. */
export const DEVICE_STATUSES = ['unknown', 'trusted', 'suspicious', 'blocked'] as const;
export const deviceView = z.object({
  id: z.string(),
  userId: z.string(),
  username: z.string(),
  label: z.string(),
  userAgent: z.string().nullable(),
  status: z.enum(DEVICE_STATUSES),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
  lastIp: z.string().nullable(),
  lastCountry: z.string().nullable(),
  signins: z.number(),
  lastLevel: z.enum(RISK_LEVELS).nullable(),
});
export type DeviceView = z.output<typeof deviceView>;
export const devicesQuery = z.object({
  all: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
  ...page,
});
// Loose on purpose (like session ids): a malformed id is simply not found (404), never a 400.
export const deviceIdParams = z.object({ id: z.string().min(1).max(64) });
export const riskView = z.object({
  id: z.string(),
  at: z.string(),
  kind: z.enum(['signin', 'action']),
  level: z.enum(RISK_LEVELS),
  score: z.number(),
  signals: z.array(z.string()),
  outcome: z.string().nullable(),
  userId: z.string().nullable(),
  username: z.string().nullable(),
  ip: z.string().nullable(),
  country: z.string().nullable(),
  deviceId: z.string().nullable(),
  deviceLabel: z.string().nullable(),
  summary: z.string().nullable(),
  entity: z.string().nullable(),
  entityId: z.string().nullable(),
});
export type RiskView = z.output<typeof riskView>;
export const riskQuery = z.object({ level: z.enum(RISK_LEVELS).optional(), ...page });

/** Scheduler job logs (GET /api/v1/jobs/runs) and the weekly security report. */
export const jobRunView = z.object({
  job: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  status: z.enum(['ok', 'failed', 'partial', 'running']),
  counts: z.record(z.string(), z.number()),
  errors: z.number(),
  errorSamples: z.array(z.string()),
  tenantId: z.string().nullable().optional(),
});
export type JobRunView = z.output<typeof jobRunView>;
export const jobRunsQuery = z.object(page);
/**
 * A notable event of a weekly report. `kind` and its facts let the page and the email say it in the
 * reader's (the company's) language from the catalog (security.reports.notable.{kind}); `text` is the
 * English sentence, what reports written before those facts were kept carry alone.
 */
export const notableEvent = z.object({
  at: z.string(),
  level: z.string(),
  text: z.string(),
  kind: z.enum(['signin', 'action', 'lockout', 'geoBlocked']).optional(),
  username: z.string().optional(),
  country: z.string().optional(),
  signals: z.array(z.string()).optional(),
  outcome: z.string().optional(),
  summary: z.string().optional(),
});
export type NotableEvent = z.output<typeof notableEvent>;
export const securityReportView = z.object({
  week: z.string(),
  from: z.string(),
  to: z.string(),
  createdAt: z.string(),
  emailedTo: z.array(z.string()),
  counts: z.record(z.string(), z.number()),
  notable: z.array(notableEvent),
});
export type SecurityReportView = z.output<typeof securityReportView>;
