import { timingSafeEqual } from 'node:crypto';
import { ORIGIN_HEADER, maxBodyBytes, type RouteDef } from '../../shared/routes/types';
import { FIELD_MESSAGES } from '../../shared/schemas/field-messages';
import { isEntityId } from '../../shared/schemas/fields';
import { forbidden, notFound, tooLarge } from './errors';

export const NOT_THROUGH_APP_MESSAGE = "This API answers only at the app's address.";

/**
 * Checks every request gets before any domain code runs (functions/lib/http.ts), so no route can
 * forget them:
 * - it came through the app's address, CloudFront and its WAF (assertThroughApp, 403 otherwise);
 * - the body is within the route's limit (413 TOO_LARGE). In the cloud API Gateway allows 10 MB
 *   and Lambda 6 MB, so this is what enforces the 256 KB of JSON routes; the local gateway
 *   checks the same limit (infra/local/gateway.ts).
 * - every path parameter is a well-formed id (404 otherwise, as for an id that does not exist):
 *   the route's params schema when it has one, else the shared id rule (a ULID). A '#', NUL or
 *   other character that could change a DynamoDB key never reaches the data layer.
 */
/**
 * The HTTP API's own execute-api address would answer anyone, around CloudFront's WAF (the managed rules and the
 * per-IP limits of infra/edge/limits.ts): WAF cannot attach to an HTTP API. So the API only serves requests that
 * carry the value CloudFront adds (ORIGIN_SECRET, the Web stack's own id, unknown outside the AWS account): 403
 * otherwise, before the body is read or any data is touched. It is not a credential (the Cognito authorizer and the
 * app's roles are); it makes the path through the WAF the only path. Unset (unit tests), nothing is checked.
 */
export function assertThroughApp(headers: Record<string, string | undefined>, secret: string): void {
  if (!secret) return;
  const given = Buffer.from(headers[ORIGIN_HEADER] ?? '', 'utf8');
  const expected = Buffer.from(secret, 'utf8');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw forbidden(NOT_THROUGH_APP_MESSAGE);
}

export function assertBodyWithinLimit(
  route: RouteDef,
  body: string | undefined | null,
  isBase64Encoded?: boolean,
): void {
  if (!body) return;
  if (bodyBytes(body, isBase64Encoded) > maxBodyBytes(route)) throw tooLarge(FIELD_MESSAGES.bodyTooLarge);
}

export function assertPathIds(route: RouteDef, pathParameters: Record<string, string | undefined> | undefined): void {
  const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  if (!names.length) return;
  const params = pathParameters ?? {};
  const schema = route.request?.params;
  const ok = schema ? schema.safeParse(params).success : names.every((n) => isEntityId(params[n]));
  if (!ok || names.some((n) => typeof params[n] !== 'string')) throw notFound();
}

function bodyBytes(body: string, isBase64Encoded?: boolean): number {
  if (!isBase64Encoded) return Buffer.byteLength(body, 'utf8');
  const padding = body.endsWith('==') ? 2 : body.endsWith('=') ? 1 : 0;
  return Math.floor((body.length * 3) / 4) - padding;
}
