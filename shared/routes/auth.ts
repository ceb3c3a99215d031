import * as z from 'zod';
import { routeMaker } from './types';
import { loginSchema, registerSchema } from '../schemas/auth';
import { secret } from '../schemas/fields';

const route = routeMaker('auth');

/**
 * Identity routes (spec product-screens-and-session.md §7). Sign-up, sign-in, refresh and logout
 * are public: the caller has no valid access token yet (or no longer). Logout is public so that
 * an expired session can still revoke its refresh token; its failures are harmless by contract.
 */
/** Cognito refresh tokens are about 2 KB; 8 KB leaves room without letting anything through. */
const REFRESH_TOKEN_MAX = 8192;
const refreshBody = z.object({ refreshToken: secret(REFRESH_TOKEN_MAX).min(1, 'Refresh token is required') });
const logoutBody = z.object({ refreshToken: secret(REFRESH_TOKEN_MAX).optional() }).optional();

const tokens = z.object({ accessToken: z.string(), refreshToken: z.string(), expiresIn: z.number() });
const sessionUser = z.object({
  id: z.string(),
  username: z.string(),
  role: z.string(),
  tenantId: z.string(),
  email: z.string().nullable().optional(),
  firstName: z.string().nullable().optional(),
  lastName: z.string().nullable().optional(),
});
export const session = z.object({ success: z.literal(true), tokens, user: sessionUser });
/** A sign-in: the session (and whether MFA enrolment is required), or the MFA challenge to answer at /login/mfa. */
const signIn = z.union([
  session.extend({ mfaEnrolmentRequired: z.literal(true).optional() }),
  z.object({ success: z.literal(true), mfaRequired: z.literal(true), challenge: z.string() }),
]);
const refreshed = z.object({ success: z.literal(true), tokens });
const done = z.object({ success: z.literal(true) });

export const authRoutes = [
  route({
    operationId: 'register',
    method: 'POST',
    path: '/api/register',
    auth: 'public',
    summary: 'Self-serve sign-up: creates the company, its default settings and its OWNER, all or nothing',
    request: { body: registerSchema },
    response: session,
  }),
  route({
    operationId: 'login',
    method: 'POST',
    path: '/api/auth/login',
    auth: 'public',
    summary:
      'Sign in with username and password (5 failures in 15 minutes lock the username for the rest of the window)',
    request: { body: loginSchema },
    response: signIn,
  }),
  route({
    operationId: 'me',
    method: 'GET',
    path: '/api/auth/me',
    ability: 'signedIn',
    summary: 'The signed-in user, with status, demo flag and company name',
    response: z.object({
      success: z.literal(true),
      user: sessionUser.extend({
        status: z.string(),
        isDemo: z.boolean(),
        tenantName: z.string().nullable().optional(),
      }),
    }),
  }),
  route({
    operationId: 'logout',
    method: 'POST',
    path: '/api/auth/logout',
    auth: 'public',
    summary: 'Revokes the refresh token when given; always succeeds',
    request: { body: logoutBody },
    response: done,
  }),
  route({
    operationId: 'logoutLegacy',
    method: 'POST',
    path: '/api/logout',
    auth: 'public',
    summary: 'Second logout path the client also calls; same as /api/auth/logout',
    request: { body: logoutBody },
    response: done,
  }),
  route({
    operationId: 'refresh',
    method: 'POST',
    path: '/api/v1/auth/refresh',
    auth: 'public',
    summary: 'New access token from a refresh token',
    request: { body: refreshBody },
    response: refreshed,
  }),
  route({
    operationId: 'refreshLegacy',
    method: 'POST',
    path: '/api/auth/refresh',
    auth: 'public',
    summary: 'Older second refresh path used by request helpers; same as /api/v1/auth/refresh',
    request: { body: refreshBody },
    response: refreshed,
  }),
];
