/**
 * Writes web/src/lib/api-routes.ts: each operation's `METHOD /path` from the route table
 * (shared/routes), so the web builds its requests from the routes without bundling their zod
 * schemas. Run after adding or changing a route:
 *   node --import tsx web/scripts/api-routes.ts
 * (web/src/lib/api-routes.test.ts fails while the file and the route table differ.)
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ROUTES, routeKey } from '../../shared/routes';

export function apiRoutesSource(): string {
  const lines = ROUTES.map((r) => `  ${r.operationId}: '${routeKey(r)}',`);
  return [
    '// Generated from shared/routes by web/scripts/api-routes.ts; do not edit (a web test compares them).',
    "/** Each operation's `METHOD /path`, for the typed client (api-client.ts). */",
    'export const API_ROUTES = {',
    ...lines,
    '} as const;',
    '',
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(fileURLToPath(new URL('../src/lib/api-routes.ts', import.meta.url)), apiRoutesSource());
}
