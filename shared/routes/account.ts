import * as z from 'zod';
import { routeMaker } from './types';
import { changePasswordBody, sessionIdParams, sessionView, sessionsQuery } from '../schemas/security';

/**
 * Every user's own security (issue 16): password change and sign-in sessions. Served by the auth
 * Lambda (it owns Cognito and the session markers). The demo account may not change its password.
 */
const route = routeMaker('auth');

export const accountRoutes = [
  route({ operationId: 'changePassword', method: 'POST', path: '/api/v1/auth/password', ability: 'signedIn', blockDemo: true, summary: 'Changes the password (current password required, minimum 6); every other session of the user is signed out', request: { body: changePasswordBody }, response: z.object({ success: z.literal(true), signedOut: z.number() }) }),
  route({ operationId: 'listSessions', method: 'GET', path: '/api/v1/security/sessions', ability: 'signedIn', summary: "The caller's live sessions (device, IP, country, started, last used); all=true gives OWNER/ADMIN the whole company's", request: { query: sessionsQuery }, response: z.object({ items: z.array(sessionView), nextCursor: z.string().nullable() }) }),
  route({ operationId: 'revokeSession', method: 'POST', path: '/api/v1/security/sessions/{id}/revoke', ability: 'signedIn', summary: 'Signs a session out: its refresh token stops working at once, its access token at the next request (own sessions; OWNER/ADMIN anyone in the company)', request: { params: sessionIdParams }, response: sessionView }),
];
