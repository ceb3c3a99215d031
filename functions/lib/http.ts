import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { randomUUID } from 'node:crypto';
import type { output, ZodType } from 'zod';
import { routeKey, type Domain, type RouteDef, type RouteRequest } from '../../shared/routes/types';
import { hasAbility } from '../../shared/permissions';
import { loadAuthContext, type AuthContext } from './auth-context';
import { HttpError, badRequest, forbidden, internalError, mapAwsError, notFound, unauthorized } from './errors';
import { Logger, rootLogger } from './logger';
import { parseWith } from './validation';
import { assertBodyWithinLimit, assertPathIds, assertThroughApp } from './request-guards';
import { config } from './config';
import { withMeter, type DynamoMeter } from './data/meter';
import { isSimulatedCrash } from './faults';
import { runAsTenant } from './clients/tenant-scope';

/**
 * The handler stack every domain Lambda uses (DESIGN.md §5–6), built on middy:
 * request id + logger → route lookup → JSON body → auth context + role check → zod
 * validation → the domain's implementation → security headers, CORS; errors serialised in one
 * place, AWS failures mapped to 409/503.
 */
export type ApiEvent = APIGatewayProxyEventV2 & {
  requestContext: APIGatewayProxyEventV2['requestContext'] & {
    authorizer?: { jwt?: { claims?: Record<string, string | number | boolean>; scopes?: string[] } };
  };
};
export type ApiResult = APIGatewayProxyStructuredResultV2;

/** What a handler receives; body, query and params are typed from the route's zod schemas (see CtxOf). */
export interface RequestCtx<B = unknown, Q = unknown, P = unknown> {
  route: RouteDef;
  body: B;
  query: Q;
  params: P;
  /** Present on authenticated routes. */
  auth: AuthContext;
  requestId: string;
  log: Logger;
  headers: Record<string, string>;
  idempotencyKey?: string;
  rawBody?: Buffer;
  event: ApiEvent;
}

export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type RouteImpl<Ctx = RequestCtx> = (ctx: Ctx) => Promise<Reply | unknown>;

/** The parsed value of one part of the request: the schema's output, or `unknown` without a schema. */
type Parsed<Req, Part extends keyof RouteRequest> = Req extends { [K in Part]: infer S extends ZodType }
  ? output<S>
  : unknown;

/** The ctx a route's implementation receives, typed from the route's own schemas. */
export type CtxOf<R> =
  R extends RouteDef<string, infer Req>
    ? RequestCtx<Parsed<Req, 'body'>, Parsed<Req, 'query'>, Parsed<Req, 'params'>>
    : never;

/** One implementation per operationId of `Routes`, each typed from its route. */
export type DomainImpls<Routes extends readonly RouteDef[]> = {
  [R in Routes[number] as R['operationId']]: RouteImpl<CtxOf<R>>;
};

export const reply = {
  ok: (body: unknown): Reply => ({ status: 200, body }),
  created: (body: unknown): Reply => ({ status: 201, body }),
  noContent: (): Reply => ({ status: 204 }),
  status: (status: number, body?: unknown): Reply => ({ status, body }),
};

function isReply(v: unknown): v is Reply {
  return (
    !!v &&
    typeof v === 'object' &&
    typeof (v as Reply).status === 'number' &&
    Object.keys(v as object).every((k) => ['status', 'body', 'headers'].includes(k))
  );
}

export const SECURITY_HEADERS: Record<string, string> = {
  'strict-transport-security': 'max-age=63072000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cache-control': 'no-store',
};

function corsHeaders(origin: string | undefined): Record<string, string> {
  const allowed = (process.env.WEB_ORIGIN ?? '*').split(',').map((s) => s.trim());
  const allow = allowed.includes('*') ? '*' : origin && allowed.includes(origin) ? origin : allowed[0];
  return {
    'access-control-allow-origin': allow,
    'access-control-allow-headers': 'authorization,content-type,idempotency-key,x-request-id',
    'access-control-allow-methods': 'GET,POST,PUT,PATCH,DELETE,OPTIONS',
    'access-control-expose-headers': 'retry-after,x-request-id',
    vary: 'Origin',
  };
}

function lowerHeaders(h: Record<string, string | undefined> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h ?? {})) if (v !== undefined) out[k.toLowerCase()] = v;
  return out;
}

/** The one serialisation of an error: `{ error: { code, message, fields?, ...details } }` (DESIGN.md §5). */
export function errorBody(err: HttpError) {
  return {
    error: {
      code: err.code,
      message: err.message,
      ...(err.fields ? { fields: err.fields } : {}),
      ...(err.details ?? {}),
    },
  };
}

interface State {
  requestId: string;
  log: Logger;
  started: number;
  meter?: DynamoMeter;
}

/**
 * The Lambda handler of one domain: `routes` are the domain's route definitions (from
 * shared/routes/<domain>.ts), `impls` one implementation per operationId, each receiving a ctx
 * typed from its route's schemas.
 */
export function createDomainHandler<const Routes extends readonly RouteDef[]>(
  domain: Domain,
  routeTable: Routes,
  typedImpls: NoInfer<DomainImpls<Routes>>,
) {
  const routes = new Map(routeTable.filter((r) => r.domain === domain).map((r) => [routeKey(r), r as RouteDef]));
  // The map is typed per operation for the author of the domain; dispatch only needs the common shape.
  const impls = typedImpls as unknown as Record<string, RouteImpl>;
  for (const r of routes.values()) {
    if (!impls[r.operationId]) throw new Error(`Domain ${domain} has no implementation for ${r.operationId}`);
  }

  const states = new WeakMap<object, State>();

  const core = async (event: ApiEvent): Promise<ApiResult> => {
    const state = states.get(event)!;
    const headers = lowerHeaders(event.headers);
    assertThroughApp(headers, config().originSecret);
    const route = routes.get(event.routeKey);
    if (!route) throw notFound('Route not found');
    state.log.set({ route: event.routeKey });

    assertBodyWithinLimit(route, event.body, event.isBase64Encoded);
    // Body
    let body: unknown;
    let rawBody: Buffer | undefined;
    if (event.body !== undefined && event.body !== null && event.body !== '') {
      const buf = Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8');
      if (route.rawBody) rawBody = buf;
      else {
        try {
          body = JSON.parse(buf.toString('utf8'));
        } catch {
          throw badRequest('Request body must be valid JSON');
        }
      }
    }

    // Identity
    let auth: AuthContext | undefined;
    if (route.auth === 'authenticated') {
      const claims = event.requestContext.authorizer?.jwt?.claims;
      const sub = claims?.sub;
      if (!sub || (claims?.token_use && claims.token_use !== 'access')) throw unauthorized();
      auth = await loadAuthContext(String(sub), claims?.jti ? String(claims.jti) : undefined);
      state.log.set({ tenantId: auth.tenantId, userId: auth.userId });
      if (route.ability && !hasAbility(auth.role, route.ability)) throw forbidden();
      if (route.blockDemo && auth.isDemo) {
        throw forbidden('The shared demo account cannot change passwords, staff or security settings.');
      }
    }
    assertPathIds(route, event.pathParameters);

    const ctx: RequestCtx = {
      route,
      params: parseWith(route.request?.params, event.pathParameters ?? {}, 'params'),
      query: parseWith(route.request?.query, event.queryStringParameters ?? {}, 'query'),
      body: route.rawBody ? undefined : parseWith(route.request?.body, body, 'body'),
      auth: auth as AuthContext,
      requestId: state.requestId,
      log: state.log,
      headers,
      idempotencyKey: route.idempotent ? headers['idempotency-key'] : undefined,
      rawBody,
      event,
    };
    if (route.idempotent && ctx.idempotencyKey !== undefined && !/^[A-Za-z0-9_\-:.]{1,100}$/.test(ctx.idempotencyKey)) {
      throw badRequest('Idempotency-Key must be 1-100 letters, digits, "-", "_", ":" or "."');
    }

    // The second wall (lib/clients/tenant-scope.ts): an authenticated request's data calls run with its company's
    // scoped clients. Public routes (sign-up, sign-in, the payment return, tracker ingest) have no company yet.
    const impl = impls[route.operationId];
    const out = auth ? await runAsTenant(auth.tenantId, () => impl(ctx)) : await impl(ctx);
    const r: Reply = isReply(out) ? out : { status: 200, body: out };
    // Downloads (CSV, PDF exports) answer their own bytes with their own content-type.
    if (Buffer.isBuffer(r.body)) {
      return {
        statusCode: r.status,
        headers: { 'content-type': 'application/octet-stream', ...(r.headers ?? {}) },
        body: r.body.toString('base64'),
        isBase64Encoded: true,
      };
    }
    return {
      statusCode: r.status,
      headers: { 'content-type': 'application/json; charset=utf-8', ...(r.headers ?? {}) },
      body: r.body === undefined ? '' : JSON.stringify(r.body),
    };
  };

  const handler = middy<ApiEvent, ApiResult>()
    .use({
      before: async (request) => {
        const event = request.event;
        const headers = lowerHeaders(event.headers);
        const requestId = headers['x-request-id']?.slice(0, 64) || event.requestContext?.requestId || randomUUID();
        states.set(event, { requestId, log: rootLogger.child({ requestId, domain }), started: Date.now() });
      },
      after: async (request) => finish(request.event, request.response!),
      onError: async (request) => {
        const state = states.get(request.event);
        const err = request.error;
        // A simulated process death (lib/faults.ts, tests only) answers nothing: the gateway answers for it.
        if (isSimulatedCrash(err)) throw err;
        const mapped = mapAwsError(err) ?? (err instanceof HttpError ? err : undefined);
        if (!mapped) {
          state?.log.error('unhandled error', {
            errorName: (err as Error)?.name,
            errorMessage: (err as Error)?.message,
            stack: (err as Error)?.stack?.split('\n').slice(0, 6).join(' | '),
          });
        } else if (mapped.status >= 500) {
          state?.log.warn('dependency failure', {
            errorName: (err as Error)?.name,
            errorMessage: (err as Error)?.message,
          });
        }
        const httpErr = mapped ?? internalError();
        request.response = finish(request.event, {
          statusCode: httpErr.status,
          headers: { 'content-type': 'application/json; charset=utf-8', ...(httpErr.headers ?? {}) },
          body: JSON.stringify(errorBody(httpErr)),
        });
      },
    })
    .handler(async (event) => {
      const state = states.get(event)!;
      const { meter, result } = withMeter(() => core(event));
      state.meter = meter;
      return result;
    });

  function finish(event: ApiEvent, res: ApiResult): ApiResult {
    const state = states.get(event);
    const headers: Record<string, string> = {
      ...(res.headers as Record<string, string>),
      ...SECURITY_HEADERS,
      ...corsHeaders(lowerHeaders(event.headers).origin),
      'x-request-id': state?.requestId ?? '',
    };
    if (state?.meter) {
      headers['x-ddb-calls'] = String(state.meter.calls);
      headers['x-ddb-rcu'] = String(state.meter.readUnits);
      headers['x-ddb-wcu'] = String(state.meter.writeUnits);
    }
    state?.log.info('request', {
      method: event.requestContext?.http?.method,
      status: res.statusCode,
      durationMs: state ? Date.now() - state.started : undefined,
      ddbCalls: state?.meter?.calls,
    });
    return { ...res, headers };
  }

  return handler;
}
