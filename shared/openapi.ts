import * as z from 'zod';
import type { ZodType } from 'zod';
import { ROUTES, maxBodyBytes } from './routes';

/**
 * OpenAPI 3.1 document generated from the route table and its zod schemas (zod 4 emits JSON
 * Schema 2020-12, which OpenAPI 3.1 uses as is). Served at GET /api/v1/openapi.json.
 */
function schema(s: ZodType | undefined): Record<string, unknown> | undefined {
  if (!s) return undefined;
  try {
    return z.toJSONSchema(s, { target: 'draft-2020-12', unrepresentable: 'any', io: 'input' }) as Record<
      string,
      unknown
    >;
  } catch {
    return { description: 'schema not representable' };
  }
}

const errorSchema = {
  type: 'object',
  properties: {
    error: {
      type: 'object',
      properties: {
        code: { type: 'string' },
        message: { type: 'string' },
        fields: { type: 'object', additionalProperties: { type: 'string' } },
      },
      required: ['code', 'message'],
    },
  },
  required: ['error'],
};

export function buildOpenApi(version = '0.1.0') {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of ROUTES) {
    const op: Record<string, unknown> = {
      operationId: r.operationId,
      summary: r.summary,
      tags: [r.domain],
      ...(r.auth === 'authenticated' ? { security: [{ bearerAuth: [] }] } : { security: [] }),
    };
    const parameters: unknown[] = [];
    for (const [where, s] of [
      ['path', r.request?.params],
      ['query', r.request?.query],
    ] as const) {
      const js = schema(s);
      const props = (js?.properties ?? {}) as Record<string, unknown>;
      const required = new Set((js?.required as string[] | undefined) ?? []);
      for (const [name, p] of Object.entries(props)) {
        parameters.push({ name, in: where, required: where === 'path' || required.has(name), schema: p });
      }
    }
    for (const m of r.path.matchAll(/\{(\w+)\}/g)) {
      if (!parameters.some((p) => (p as { name: string }).name === m[1])) {
        parameters.push({ name: m[1], in: 'path', required: true, schema: { type: 'string' } });
      }
    }
    if (r.idempotent)
      parameters.push({
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        schema: { type: 'string', maxLength: 100 },
      });
    if (parameters.length) op.parameters = parameters;
    const body = schema(r.request?.body);
    if (body) op.requestBody = { required: true, content: { 'application/json': { schema: body } } };
    if (r.rawBody)
      op.requestBody = {
        required: true,
        content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
      };
    // Bodies above this answer 413 TOO_LARGE (gateway and handler stack alike).
    if (r.method !== 'GET') op['x-max-body-bytes'] = maxBodyBytes(r);
    // A route that answers 204 (no body) declares `response: z.undefined()`.
    const noContent = (r.response?.def as { type?: string } | undefined)?.type === 'undefined';
    op.responses = {
      ...(noContent
        ? { '204': { description: 'Done; no content' } }
        : {
            '200': {
              description: 'Success',
              content: {
                ...(r.response ? { 'application/json': { schema: schema(r.response) } } : {}),
                ...Object.fromEntries(
                  (r.responseTypes ?? []).map((t) => [
                    t,
                    {
                      schema: {
                        type: 'string',
                        ...(['text/csv', 'text/html', 'text/plain', 'application/xml'].includes(t)
                          ? {}
                          : { format: 'binary' }),
                      },
                    },
                  ]),
                ),
              },
            },
          }),
      '400': { description: 'Bad input; nothing changed', content: { 'application/json': { schema: errorSchema } } },
      ...(r.method !== 'GET'
        ? {
            '413': {
              description: 'Body larger than x-max-body-bytes; nothing changed',
              content: { 'application/json': { schema: errorSchema } },
            },
          }
        : {}),
      ...(r.auth === 'authenticated'
        ? {
            '401': { description: 'No or bad token', content: { 'application/json': { schema: errorSchema } } },
            '403': { description: 'Role not allowed', content: { 'application/json': { schema: errorSchema } } },
            '404': {
              description: "Not found (also another tenant's ids)",
              content: { 'application/json': { schema: errorSchema } },
            },
          }
        : {}),
    };
    (paths[r.path] ??= {})[r.method.toLowerCase()] = op;
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Sayyara API', version, description: 'Multi-tenant car-rental management API' },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT (Cognito access token)' } },
    },
    paths,
  };
}
