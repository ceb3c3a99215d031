import * as z from 'zod';
import { PASSWORD_MIN_LENGTH } from '../constants';

/**
 * Sign-in and sign-up schemas (spec product-screens-and-session.md §5), shared by the web forms
 * and the auth Lambda so both reject the same input with the same words.
 *
 * Messages are the spec's English text verbatim; the web maps each one to a catalog key
 * (see AUTH_MESSAGE_KEYS) so Arabic readers see a translation while the API stays stable.
 */
export { AUTH_MESSAGES } from './auth-messages';
import { AUTH_MESSAGES } from './auth-messages';
import { TEXT_LIMITS, name, secret, text } from './fields';
import { REGION_CODES, getRegionConfig } from '../regions';
import { messageKeysOf } from './message-keys';

/** An IANA zone name this runtime knows (the same test as the settings' time zone). */
const knownZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return tz.length > 0;
  } catch {
    return false;
  }
};

export type AuthMessageKey = keyof typeof AUTH_MESSAGES;

/** Reverse lookup: English message → key, for translating schema or server field errors. */
export const AUTH_MESSAGE_KEYS: Record<string, AuthMessageKey> = /* @__PURE__ */ messageKeysOf(AUTH_MESSAGES);

export { PASSWORD_MIN_LENGTH };

export const loginSchema = z.object({
  username: text(TEXT_LIMITS.username, { required: AUTH_MESSAGES.usernameRequired }).min(
    1,
    AUTH_MESSAGES.usernameRequired,
  ),
  password: secret(TEXT_LIMITS.password, { required: AUTH_MESSAGES.passwordRequired }).min(
    1,
    AUTH_MESSAGES.passwordRequired,
  ),
});

export const registerSchema = z
  .object({
    tenantName: name({ required: AUTH_MESSAGES.tenantNameRequired }).min(1, AUTH_MESSAGES.tenantNameRequired),
    fullNameEnglish: name({ required: AUTH_MESSAGES.fullNameEnglishRequired }).min(
      1,
      AUTH_MESSAGES.fullNameEnglishRequired,
    ),
    // Optional: an empty field in the form means "not given", not an empty name.
    fullNameArabic: name()
      .optional()
      .transform((v) => (v ? v : undefined)),
    username: text(TEXT_LIMITS.username, { required: AUTH_MESSAGES.usernameRequired }).min(
      1,
      AUTH_MESSAGES.usernameRequired,
    ),
    email: text(TEXT_LIMITS.email, { required: AUTH_MESSAGES.invalidEmail }).email(AUTH_MESSAGES.invalidEmail),
    password: secret(TEXT_LIMITS.password, { required: AUTH_MESSAGES.passwordMin }).min(
      PASSWORD_MIN_LENGTH,
      AUTH_MESSAGES.passwordMin,
    ),
    /**
     * Issue 26: the country the company operates in (fixed codes). It fixes the company's currency,
     * time zone, VAT rate, chart of accounts, tax codes and VAT return. Absent → US (the API's
     * default; the web always sends the region the user picked). `currency`, when sent, must be the
     * region's (currency follows the region, it is not a separate setting); `timezone` overrides
     * the region's zone (e.g. Asia/Muscat for a company near the border).
     */
    region: z.enum(REGION_CODES, { error: AUTH_MESSAGES.regionInvalid }).optional(),
    currency: z.string({ error: AUTH_MESSAGES.currencyMismatch }).max(3, AUTH_MESSAGES.currencyMismatch).optional(),
    timezone: z
      .string({ error: AUTH_MESSAGES.timezoneInvalid })
      .max(64, AUTH_MESSAGES.timezoneInvalid)
      .refine(knownZone, AUTH_MESSAGES.timezoneInvalid)
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.currency !== undefined && v.currency !== getRegionConfig(v.region ?? 'US').currency) {
      ctx.addIssue({ code: 'custom', path: ['currency'], message: AUTH_MESSAGES.currencyMismatch });
    }
  });

export type LoginInput = z.input<typeof loginSchema>;
export type RegisterInput = z.input<typeof registerSchema>;
export type RegisterBody = z.output<typeof registerSchema>;

/** The built-in demo account used by "Try Live Demo" (spec §7: demo login uses the login call). */
export const DEMO_CREDENTIALS = { username: 'demo', password: 'demo1234' } as const;
/** The Saudi sister demo company's login (issue 29: ZATCA e-invoicing shown with a month of reported invoices). */
export const DEMO_SA_CREDENTIALS = { username: 'demo-sa', password: 'demo1234' } as const;
/** The shared demo logins (public passwords: never throttled, locked out or refused for risk). */
export const DEMO_USERNAMES: readonly string[] = [DEMO_CREDENTIALS.username, DEMO_SA_CREDENTIALS.username];
