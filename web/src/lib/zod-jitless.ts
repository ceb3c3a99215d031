import { config } from 'zod';

/**
 * Imported first by main.tsx, before any schema is built: zod 4 otherwise probes `new Function('')` when it builds
 * an object schema (to compile a faster parser), which the Content-Security-Policy (no 'unsafe-eval',
 * infra/edge/security-headers.ts) refuses and reports as a violation on every page. Without eval zod parses the same,
 * only without the compiled fast path; the browser parses small forms and answers.
 */
config({ jitless: true });
