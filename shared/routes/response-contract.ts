import { ROUTES, type RouteDef } from './index';

/**
 * Every successful answer an integration test receives is checked against its route's declared
 * response (shared/routes: `response`, `responseTypes`), as Powertools' response validation does
 * in a handler: a JSON answer is parsed through the zod schema (unknown keys allowed, every
 * declared key must hold its type), any other answer must have a declared content type. A route
 * without a declared response fails the call. So the OpenAPI document built from the same table
 * says what the API really answers.
 */

const matchers = ROUTES.map((r) => ({
  route: r,
  method: r.method,
  re: new RegExp(`^${r.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+')}$`),
  literalSegments: r.path.split('/').filter((s) => s && !s.startsWith('{')).length,
}));

/**
 * The route a request went to: the matching path with the most literal segments (`/vehicles/makes` before
 * `/vehicles/{id}`).
 */
export function routeOfRequest(method: string, url: string): RouteDef | undefined {
  const path = url.split('?')[0];
  return matchers
    .filter((m) => m.method === method.toUpperCase() && m.re.test(path))
    .sort((a, b) => b.literalSegments - a.literalSegments)[0]?.route;
}

/** Throws when a 2xx answer does not match its route's declared response. */
export function checkResponse(
  method: string,
  url: string,
  status: number,
  contentType: string | null,
  body: unknown,
): void {
  if (status < 200 || status >= 300) return;
  const route = routeOfRequest(method, url);
  if (!route) return;
  const where = `${route.operationId} (${method.toUpperCase()} ${url.split('?')[0]} → ${status})`;
  const type = (contentType ?? '').split(';')[0].trim();
  if (status === 204) return;
  if (type === 'application/json' || type === '') {
    if (!route.response) throw new Error(`${where}: the route declares no response schema (shared/routes)`);
    const parsed = route.response.safeParse(body);
    if (!parsed.success) {
      const issues = parsed.error.issues
        .slice(0, 5)
        .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
        .join('; ');
      throw new Error(`${where}: the answer does not match the route's response schema: ${issues}`);
    }
    return;
  }
  if (!route.responseTypes?.some((t) => t === type)) {
    throw new Error(`${where}: answered ${type}, which the route does not declare (responseTypes)`);
  }
}
