import * as z from 'zod';
import { PASSWORD_MIN_LENGTH, STAFF_USERNAME_MIN_LENGTH } from '../constants';
import { FIELD_MESSAGES, TEXT_LIMITS, cursor, entityId, secret, text } from './fields';
import { messageKeysOf } from './message-keys';

/**
 * Staff form and API (business-data-and-rules.md §3 users, §4 staff statuses, §5 staff validation):
 * first and last name required, username at least 3 characters, password at least 6, role required.
 * The same schemas validate the /staff page's forms and the staff Lambda.
 */
export const STAFF_MESSAGES = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  usernameMin: 'Username must be at least 3 characters',
  usernameChars: 'Username may not contain spaces or #',
  passwordMin: 'Password must be at least 6 characters',
  roleRequired: 'Role is required',
  invalidEmail: 'Invalid email address',
} as const;

/** Refusals the staff API answers with (shown by the /staff page, translated by key). */
export const STAFF_SERVER_MESSAGES = {
  adminCannotTouchOwner: 'Admins cannot manage owner accounts',
  lastOwner: 'The company must keep at least one active owner',
  notSelf: 'You cannot suspend or remove your own account',
  notPending: 'Only a pending invite can be activated',
  notSuspended: 'This staff member is not suspended',
  alreadySuspended: 'This staff member is already suspended',
  usernameTaken: 'Username is already taken',
  emailTaken: 'An account with this email already exists',
  demoBlocked: 'The shared demo account cannot change passwords, staff or security settings.',
  changedElsewhere: 'This staff member was changed by someone else. Reload and try again.',
} as const;

/** English message → catalog key (staff.msg.<key>), for field errors and refusals alike. */
export const STAFF_MESSAGE_KEYS: Record<string, string> = /* @__PURE__ */ messageKeysOf<string>(
  STAFF_MESSAGES,
  STAFF_SERVER_MESSAGES,
);

/** Roles a company can give its own staff. SUPERADMIN is the platform operator's, never assigned here. */
export const STAFF_ROLES = ['OWNER', 'ADMIN', 'STAFF', 'MECHANIC'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Staff status: active, pending invite, suspended (§4). */
export const STAFF_STATUSES = ['active', 'pending', 'suspended'] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];

const role = z.enum(STAFF_ROLES, { error: STAFF_MESSAGES.roleRequired });
const name = (message: string) => text(100, { required: message }).min(1, message);
/** Optional e-mail: an empty form field means "none". */
const optionalEmail = z
  .union([z.literal(''), text(TEXT_LIMITS.email).toLowerCase().email(STAFF_MESSAGES.invalidEmail)])
  .optional()
  .transform((v) => (v ? v : undefined));

/** Cognito usernames may not contain white space, and '#' separates our key parts. */
export const staffUsername = z
  .string({ error: STAFF_MESSAGES.usernameMin })
  .trim()
  .min(STAFF_USERNAME_MIN_LENGTH, STAFF_MESSAGES.usernameMin)
  .max(TEXT_LIMITS.username, FIELD_MESSAGES.tooLong)
  .regex(/^[^\s#\u0000-\u001f]+$/, STAFF_MESSAGES.usernameChars);

export const createStaffSchema = z.object({
  firstName: name(STAFF_MESSAGES.firstNameRequired),
  lastName: name(STAFF_MESSAGES.lastNameRequired),
  username: staffUsername,
  email: optionalEmail,
  password: secret(TEXT_LIMITS.password, { required: STAFF_MESSAGES.passwordMin }).min(
    PASSWORD_MIN_LENGTH,
    STAFF_MESSAGES.passwordMin,
  ),
  role,
  /** "pending" creates the account as a pending invite: it cannot sign in until activated. */
  status: z.enum(['active', 'pending']).optional().default('active'),
});

export const updateStaffSchema = z.object({
  firstName: name(STAFF_MESSAGES.firstNameRequired).optional(),
  lastName: name(STAFF_MESSAGES.lastNameRequired).optional(),
  email: optionalEmail,
  role: role.optional(),
  /** The version the editor loaded; a stale one answers 409. */
  version: z.number().int().positive().optional(),
});

export const staffIdParams = z.object({ id: entityId() });

export const listStaffQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).optional().default(100),
  cursor: cursor().optional(),
});

export type CreateStaffInput = z.input<typeof createStaffSchema>;
export type UpdateStaffInput = z.input<typeof updateStaffSchema>;

/** A staff member as the API returns it (no secrets, no Cognito sub). */
export interface StaffMember {
  id: string;
  tenantId: string;
  username: string;
  email: string | null;
  firstName: string;
  lastName: string;
  role: StaffRole | 'SUPERADMIN';
  status: StaffStatus;
  inviteStatus: 'accepted' | 'pending';
  isArchived: boolean;
  isDemo: boolean;
  lastActiveAt: string | null;
  invitedAt: string | null;
  createdAt: string;
  updatedAt: string;
  version: number;
}
