import type { ZodType } from 'zod';
import type { Ability } from '../permissions';

/**
 * One API route. The route table (shared/routes/index.ts) is read by:
 *  - the CDK api stack (one HTTP API route per entry, integrated with the domain's Lambda,
 *    JWT authorizer on every non-public route),
 *  - the local gateway (infra/local/gateway.ts), which builds the same API Gateway v2 events,
 *  - the handler stack (functions/lib/http.ts) for validation and the role check,
 *  - the OpenAPI generator (GET /api/v1/openapi.json).
 */
export const DOMAINS = [
  'platform',
  'auth',
  'settings',
  'staff',
  'vehicles',
  'customers',
  'rentals',
  'finance',
  'accounting',
  'invoices',
  'payments',
  'maintenance',
  'documents',
  'tickets',
  'alerts',
  'alert-rules',
  'gps',
  'fleet-health',
  'reports',
  'insights',
  'security',
  'collections',
  'analytics',
  'einvoicing',
] as const;
export type Domain = (typeof DOMAINS)[number];

/** Non-JSON answers a route may give. */
export type ResponseContentType =
  | 'text/csv'
  | 'application/pdf'
  | 'text/html'
  | 'text/plain'
  | 'application/xml'
  | 'application/octet-stream';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The zod schemas a route validates its input with (the handler's ctx is typed from them). */
export interface RouteRequest {
  body?: ZodType;
  query?: ZodType;
  params?: ZodType;
}

export interface RouteDef<Op extends string = string, Req extends RouteRequest = RouteRequest> {
  /** Unique, stable; the domain handler dispatches on it. */
  operationId: Op;
  method: HttpMethod;
  /** API Gateway path syntax: /api/v1/vehicles/{id} */
  path: string;
  domain: Domain;
  /** public routes have no authorizer; authenticated routes need a verified access token. */
  auth: 'public' | 'authenticated';
  /** Ability (from shared/permissions.ts) the caller's role must have. Ignored for public routes. */
  ability?: Ability;
  /** The shared demo account works like an OWNER but may not use these routes (403). */
  blockDemo?: boolean;
  summary: string;
  request?: Req;
  /**
   * Schema of a successful JSON answer: it fills the OpenAPI document, and integration tests parse
   * every 2xx JSON answer of the route through it (test/integration/response-contract.ts).
   */
  response?: ZodType;
  /**
   * Content types a successful answer may have besides JSON (a report's `?format=csv`, a raw
   * file); an answer of such a type is checked for its type, not parsed.
   */
  responseTypes?: readonly ResponseContentType[];
  /** Money-moving creates accept an Idempotency-Key header. */
  idempotent?: boolean;
  /** Raw body (uploads): not JSON-parsed, not logged. */
  rawBody?: boolean;
  /**
   * Largest body accepted, in bytes; above it the gateway and the handler stack answer 413
   * TOO_LARGE. Default: DEFAULT_JSON_BODY_BYTES for JSON routes, DEFAULT_RAW_BODY_BYTES for raw ones.
   */
  maxBodyBytes?: number;
}

/** JSON bodies: 256 KB unless a route says otherwise (no form of ours comes near it). */
export const DEFAULT_JSON_BODY_BYTES = 256 * 1024;
/** Raw bodies: Lambda's 6 MB synchronous payload limit (API Gateway itself allows 10 MB). */
export const DEFAULT_RAW_BODY_BYTES = 6 * 1024 * 1024;

/** The body limit of a route, in bytes. */
/**
 * The header CloudFront adds to every request it passes to the API (infra/stacks/web-stack.ts, the /api/* origin;
 * the local gateway does the same), overwriting a caller's own; checked by functions/lib/request-guards.ts.
 */
export const ORIGIN_HEADER = 'x-sayyara-origin';

export const maxBodyBytes = (r: Pick<RouteDef, 'maxBodyBytes' | 'rawBody'>): number =>
  r.maxBodyBytes ?? (r.rawBody ? DEFAULT_RAW_BODY_BYTES : DEFAULT_JSON_BODY_BYTES);

export const routeKey = (r: Pick<RouteDef, 'method' | 'path'>): string => `${r.method} ${r.path}`;

/**
 * The one way a route file declares its routes (one line each): `const route = routeMaker('vehicles')`
 * then `route({ operationId, method, path, ability, summary, request })`. Domain and auth
 * ('authenticated' unless the route says 'public') are filled in, and the literal operationId and
 * the schema types are kept, so `createDomainHandler(domain, routes, impls)` types each
 * implementation's `ctx.body/query/params` from the route's own schemas (no casts in handlers).
 */
export function routeMaker<D extends Domain>(domain: D) {
  // The response schema's type is kept too, so the web client (web/src/lib/api-client.ts) types answers from it.
  return <const Op extends string, const Req extends RouteRequest = {}, Res extends ZodType | undefined = undefined>(
    def: Omit<RouteDef<Op, Req>, 'domain' | 'auth' | 'response'> & { auth?: RouteDef['auth']; response?: Res },
  ): RouteDef<Op, Req> & { domain: D; response: Res } =>
    ({ ...def, domain, auth: def.auth ?? 'authenticated' }) as RouteDef<Op, Req> & { domain: D; response: Res };
}
