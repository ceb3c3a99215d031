/**
 * The typed client: every request of the web is named by its operation in the route table
 * (shared/routes), never by a hand-written path.
 *
 *   apiPath('getVehicle', { id })                       → '/api/v1/vehicles/V1' (params encoded)
 *   apiUrl('listVehicles', { query: { status } })       → '/api/v1/vehicles?status=…' (a cache key)
 *   callApi('updateVehicle', { params: { id }, body })  → PATCH, body typed z.input of the route's body schema
 *   useApi('getVehicle', { params: { id } })            → useSWR on apiUrl(…), typed by the answer
 *
 * Types come from the routes with `import type` (no zod schema is bundled); the method and path
 * come from the generated table api-routes.ts (a test keeps it equal to shared/routes). The answer
 * is typed by the route's `response` schema where it declares one; otherwise the caller names it
 * (`callApi<'createX', XApi>(…)`) from shared/schemas, as before.
 */
import useSWR, { type SWRConfiguration, type SWRResponse } from 'swr';
import type { z, ZodType } from 'zod';
import type { TypedRoute } from '../../../shared/routes';
import { apiRequest, type RequestOptions } from './api';
import { API_ROUTES } from './api-routes';

export type OperationId = keyof typeof API_ROUTES;
/** A path of the API (what apiPath, apiUrl and apiStem give). */
export type ApiPath = `/${string}`;
type RouteOf<Op extends OperationId> = Extract<TypedRoute, { operationId: Op }>;
type PathOf<Op extends OperationId> = (typeof API_ROUTES)[Op] extends `${string} ${infer P}` ? P : never;

type ParamNames<P> = P extends `${string}{${infer N}}${infer Rest}` ? N | ParamNames<Rest> : never;
/** The path parameters of an operation (`{ id }` for `/vehicles/{id}`), or never when it has none. */
export type ParamsOf<Op extends OperationId> = Record<ParamNames<PathOf<Op>>, string>;
type HasParams<Op extends OperationId> = [ParamNames<PathOf<Op>>] extends [never] ? false : true;

type RequestOf<Op extends OperationId> = RouteOf<Op> extends { request?: infer R } ? NonNullable<R> : never;
/** The request body of an operation: the input type of its body schema (`{}` when it takes none). */
export type BodyOf<Op extends OperationId> =
  RequestOf<Op> extends { body: infer B extends ZodType } ? z.input<B> : Record<string, never>;
type HasBody<Op extends OperationId> = RequestOf<Op> extends { body: ZodType } ? true : false;
/** The query of an operation: its query schema's fields, each a scalar (left out when '', null, undefined or false). */
export type QueryOf<Op extends OperationId> =
  RequestOf<Op> extends { query: infer Q extends ZodType }
    ? { [K in keyof z.input<Q>]?: QueryValue }
    : Record<string, never>;
export type QueryValue = string | number | boolean | null | undefined;
/** The answer of an operation: the output type of its response schema (unknown when none is declared). */
export type ResponseOf<Op extends OperationId> =
  RouteOf<Op> extends { response: infer R extends ZodType } ? z.output<R> : unknown;

/** What locates a request: the path parameters (when the path has some) and the query. */
export type Target<Op extends OperationId> = (HasParams<Op> extends true
  ? { params: ParamsOf<Op> }
  : { params?: never }) & {
  query?: QueryOf<Op>;
};
export type CallArgs<Op extends OperationId> = Target<Op> &
  (HasBody<Op> extends true ? { body: BodyOf<Op> } : { body?: BodyOf<Op> }) &
  RequestOptions;
type Optional<A> = {} extends A ? [args?: A] : [args: A];

function route(op: OperationId): { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; path: string } {
  const key = API_ROUTES[op];
  const space = key.indexOf(' ');
  return { method: key.slice(0, space) as 'GET', path: key.slice(space + 1) };
}

function fillPath(op: OperationId, params: Record<string, string> | undefined): ApiPath {
  return route(op).path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${op}: missing path parameter ${name}`);
    return encodeURIComponent(value);
  }) as ApiPath;
}

/** `?a=1&b=x` for the params that carry a value ('' when none). */
export function queryString(query: Record<string, QueryValue> | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === '' || value === null || value === undefined || value === false) continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The operation's path with its parameters filled in (encoded). */
export function apiPath<Op extends OperationId>(
  op: Op,
  ...[params]: HasParams<Op> extends true ? [ParamsOf<Op>] : []
): ApiPath {
  return fillPath(op, params as Record<string, string> | undefined);
}

/** The operation's path and query: the request URL, and the SWR cache key of a read. */
export function apiUrl<Op extends OperationId>(op: Op, ...[target]: Optional<Target<Op>>): ApiPath {
  const t = target as { params?: Record<string, string>; query?: Record<string, QueryValue> } | undefined;
  return `${fillPath(op, t?.params)}${queryString(t?.query)}`;
}

/**
 * The operation's path up to its first parameter: a prefix for `useInvalidate()` that covers the
 * operation's list, its pages and every record under it.
 */
export function apiStem(op: OperationId): ApiPath {
  const path = route(op).path;
  const brace = path.indexOf('{');
  return (brace < 0 ? path : path.slice(0, brace).replace(/\/$/, '')) as ApiPath;
}

/**
 * The operation's area, `/api/v1/<area>`: a prefix for `useInvalidate()` that covers every path of
 * the area (e.g. all accounting reports after a posting).
 */
export function apiArea(op: OperationId): ApiPath {
  return route(op).path.split('/').slice(0, 4).join('/') as ApiPath;
}

/** Sends the operation (JSON body when given) and resolves to its parsed answer. */
export function callApi<Op extends OperationId, R = ResponseOf<Op>>(
  op: Op,
  ...[args]: Optional<CallArgs<Op>>
): Promise<R> {
  const { params, query, body, ...options } = (args ?? {}) as {
    params?: Record<string, string>;
    query?: Record<string, QueryValue>;
    body?: unknown;
  } & RequestOptions;
  return apiRequest<R>(route(op).method, fillPath(op, params) + queryString(query), body, options);
}

/**
 * SWR read of a GET operation, keyed by its URL (so `useInvalidate()` and `mutate(apiUrl(…))`
 * reach it). `target` null pauses the read.
 */
export function useApi<Op extends OperationId, R = ResponseOf<Op>>(
  op: Op,
  target: Target<Op> | null,
  config?: SWRConfiguration<R | null>,
): SWRResponse<R | null> {
  return useSWR<R | null>(target === null ? null : apiUrl<Op>(op, ...([target] as Optional<Target<Op>>)), config ?? {});
}
