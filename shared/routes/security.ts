import * as z from 'zod';
import { routeMaker } from './types';
import {
  auditEntry,
  auditQuery,
  deviceIdParams,
  devicesQuery,
  deviceView,
  geoRule,
  geoRuleBody,
  jobRunsQuery,
  jobRunView,
  riskQuery,
  riskView,
  securityReportView,
  signinsQuery,
  usernameParams,
} from '../schemas/security';

const route = routeMaker('security');
/** Lifting a sign-in lockout is auth's (it owns the throttling items): the auth Lambda serves it. */
const authRoute = routeMaker('auth');
const list = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), nextCursor: z.string().nullable() });

/** Security monitoring (/dashboard/security): OWNER and ADMIN read; the demo account changes nothing. */
export const securityRoutes = [
  route({
    operationId: 'auditLog',
    method: 'GET',
    path: '/api/v1/security/audit',
    ability: 'security',
    summary:
      'The audit log, newest first, one page of the time-ordered partition; filters user, action, entity, date range; format=csv exports the page range as CSV',
    request: { query: auditQuery },
    response: list(auditEntry),
    responseTypes: ['text/csv'],
  }),
  route({
    operationId: 'signins',
    method: 'GET',
    path: '/api/v1/security/signins',
    ability: 'security',
    summary: 'Sign-in activity: successes, failures, lockouts, refusals (with IP, country, browser)',
    request: { query: signinsQuery },
    response: list(auditEntry),
  }),
  route({
    operationId: 'listGeoRules',
    method: 'GET',
    path: '/api/v1/security/geo-rules',
    ability: 'security',
    summary: "The company's geo access rules (allow, block, alert by country)",
    response: z.object({ items: z.array(geoRule) }),
  }),
  route({
    operationId: 'saveGeoRule',
    method: 'POST',
    path: '/api/v1/security/geo-rules',
    ability: 'security',
    blockDemo: true,
    summary: 'Adds or changes the rule of one country (action remove deletes it)',
    request: { body: geoRuleBody },
    response: z.object({ items: z.array(geoRule) }),
  }),

  route({
    operationId: 'listDevices',
    method: 'GET',
    path: '/api/v1/security/devices',
    ability: 'signedIn',
    summary:
      "The caller's devices (fingerprint of the device-id cookie and browser/OS; status unknown, trusted, suspicious, blocked); all=true gives OWNER/ADMIN the whole company's",
    request: { query: devicesQuery },
    response: list(deviceView),
  }),
  route({
    operationId: 'trustDevice',
    method: 'POST',
    path: '/api/v1/security/devices/{id}/trust',
    ability: 'security',
    blockDemo: true,
    summary: 'Approves a device: it signs in without the new-device signal',
    request: { params: deviceIdParams },
    response: deviceView,
  }),
  route({
    operationId: 'blockDevice',
    method: 'POST',
    path: '/api/v1/security/devices/{id}/block',
    ability: 'security',
    blockDemo: true,
    summary: 'Blocks a device: sign-in from it is refused',
    request: { params: deviceIdParams },
    response: deviceView,
  }),
  route({
    operationId: 'riskFeed',
    method: 'GET',
    path: '/api/v1/security/risk',
    ability: 'security',
    summary:
      'Risk assessments of sign-ins and risky business actions, newest first (level, score, signals, outcome); level=high keeps high and critical',
    request: { query: riskQuery },
    response: list(riskView),
  }),
  route({
    operationId: 'securityReports',
    method: 'GET',
    path: '/api/v1/security/reports',
    ability: 'security',
    summary: 'The weekly security reports (counts and notable events), newest first',
    request: { query: jobRunsQuery },
    response: list(securityReportView),
  }),
  route({
    operationId: 'jobRuns',
    method: 'GET',
    path: '/api/v1/jobs/runs',
    ability: 'security',
    summary: "Scheduler job logs: the runs of the company's own jobs (status, counts, errors), newest first",
    request: { query: jobRunsQuery },
    response: list(jobRunView),
  }),
];

/** The security page's lockout action, served by auth (DESIGN.md §17: security, tier 1, does not import auth). */
export const lockoutRoutes = [
  authRoute({
    operationId: 'unlockUser',
    method: 'POST',
    path: '/api/v1/security/lockouts/{username}/unlock',
    ability: 'security',
    blockDemo: true,
    summary: "Lifts the sign-in lockout of one of the company's usernames",
    request: { params: usernameParams },
    response: z.object({ success: z.literal(true) }),
  }),
];
