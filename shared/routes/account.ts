import * as z from 'zod';
import { routeMaker } from './types';
import { session } from './auth';
import {
  changePasswordBody,
  mfaCodeBody,
  mfaLoginBody,
  sessionIdParams,
  sessionView,
  sessionsQuery,
} from '../schemas/security';

/**
 * Every user's own security (issue 16): password change and sign-in sessions. Served by the auth
 * Lambda (it owns Cognito and the session markers). The demo account may not change its password.
 */
const route = routeMaker('auth');

const done = z.object({ success: z.literal(true) });

export const accountRoutes = [
  route({
    operationId: 'mfaSetup',
    method: 'POST',
    path: '/api/v1/auth/mfa/setup',
    ability: 'signedIn',
    blockDemo: true,
    summary:
      'Starts authenticator-app enrolment: a new TOTP secret, its otpauth URI and QR code (pending until verified)',
    response: z.object({ secret: z.string(), otpauthUri: z.string(), qrCode: z.string() }),
  }),
  route({
    operationId: 'mfaVerify',
    method: 'POST',
    path: '/api/v1/auth/mfa/verify',
    ability: 'signedIn',
    blockDemo: true,
    summary: 'Completes enrolment with a first code; answers the 10 recovery codes, shown this once (stored hashed)',
    request: { body: mfaCodeBody },
    response: z.object({ success: z.literal(true), recoveryCodes: z.array(z.string()) }),
  }),
  route({
    operationId: 'mfaDisable',
    method: 'DELETE',
    path: '/api/v1/auth/mfa',
    ability: 'signedIn',
    blockDemo: true,
    summary: 'Turns MFA off (a current code or a recovery code required, in the body)',
    request: { body: mfaCodeBody },
    response: done,
  }),
  route({
    operationId: 'mfaStatus',
    method: 'GET',
    path: '/api/v1/auth/mfa',
    ability: 'signedIn',
    summary: "Whether the caller's MFA is enabled, and how many recovery codes are left",
    response: z.object({ enabled: z.boolean(), recoveryCodesLeft: z.number() }),
  }),
  route({
    operationId: 'loginMfa',
    method: 'POST',
    path: '/api/auth/login/mfa',
    auth: 'public',
    summary:
      'Second sign-in step when MFA is enabled: the challenge from /api/auth/login and a code (or a recovery code)',
    request: { body: mfaLoginBody },
    response: session,
  }),
  route({
    operationId: 'changePassword',
    method: 'POST',
    path: '/api/v1/auth/password',
    ability: 'signedIn',
    blockDemo: true,
    summary:
      'Changes the password (current password required, minimum 6); every other session of the user is signed out',
    request: { body: changePasswordBody },
    response: z.object({ success: z.literal(true), signedOut: z.number() }),
  }),
  route({
    operationId: 'listSessions',
    method: 'GET',
    path: '/api/v1/security/sessions',
    ability: 'signedIn',
    summary:
      "The caller's live sessions (device, IP, country, started, last used); all=true gives OWNER/ADMIN the whole company's",
    request: { query: sessionsQuery },
    response: z.object({ items: z.array(sessionView), nextCursor: z.string().nullable() }),
  }),
  route({
    operationId: 'revokeSession',
    method: 'POST',
    path: '/api/v1/security/sessions/{id}/revoke',
    ability: 'signedIn',
    summary:
      'Signs a session out: its refresh token stops working at once, its access token at the next request (own sessions; OWNER/ADMIN anyone in the company)',
    request: { params: sessionIdParams },
    response: sessionView,
  }),
];
