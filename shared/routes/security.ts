import * as z from 'zod';
import { routeMaker } from './types';
import { auditEntry, auditQuery, geoRule, geoRuleBody, signinsQuery, usernameParams } from '../schemas/security';

const route = routeMaker('security');
const list = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), nextCursor: z.string().nullable() });

/** Security monitoring (/dashboard/security): OWNER and ADMIN read; the demo account changes nothing. */
export const securityRoutes = [
  route({ operationId: 'auditLog', method: 'GET', path: '/api/v1/security/audit', ability: 'security', summary: 'The audit log, newest first, one page of the time-ordered partition; filters user, action, entity, date range; format=csv exports the page range as CSV', request: { query: auditQuery }, response: list(auditEntry) }),
  route({ operationId: 'signins', method: 'GET', path: '/api/v1/security/signins', ability: 'security', summary: 'Sign-in activity: successes, failures, lockouts, refusals (with IP, country, browser)', request: { query: signinsQuery }, response: list(auditEntry) }),
  route({ operationId: 'listGeoRules', method: 'GET', path: '/api/v1/security/geo-rules', ability: 'security', summary: "The company's geo access rules (allow, block, alert by country)", response: z.object({ items: z.array(geoRule) }) }),
  route({ operationId: 'saveGeoRule', method: 'POST', path: '/api/v1/security/geo-rules', ability: 'security', blockDemo: true, summary: 'Adds or changes the rule of one country (action remove deletes it)', request: { body: geoRuleBody }, response: z.object({ items: z.array(geoRule) }) }),
  route({ operationId: 'unlockUser', method: 'POST', path: '/api/v1/security/lockouts/{username}/unlock', ability: 'security', blockDemo: true, summary: "Lifts the sign-in lockout of one of the company's usernames", request: { params: usernameParams }, response: z.object({ success: z.literal(true) }) }),
];
