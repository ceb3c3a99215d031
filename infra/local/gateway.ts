import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { extname, join, normalize, resolve } from 'node:path';
import { randomUUID } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { ORIGIN_HEADER, ROUTES, maxBodyBytes, routeKey, type RouteDef } from '../../shared/routes';
import { FIELD_MESSAGES } from '../../shared/schemas/field-messages';
import { REDIRECTS } from '../../shared/redirects';
import { armFault, clearFaults, faultsEnabled, isSimulatedCrash, listFaults } from '../../functions/lib/faults';
import { setLocalTaskInvoker, type TaskEvent } from '../../functions/lib/tasks';
import { securityHeaders, type CspOrigins } from '../edge/security-headers';
import { SlidingWindow, refuseOverLimit, type EdgeLimitMode } from './rate-limiter';

/**
 * The local stand-in for API Gateway (HTTP API, JWT authorizer) and CloudFront: one origin
 * serving `/api/*` from the route table and the built web app for everything else.
 *
 * For an authenticated route the token is verified against the user pool's JWKS (issuer,
 * signature, expiry, token_use=access, client_id = the app client: what the Cognito JWT
 * authorizer checks for access tokens) and only then copied into
 * `requestContext.authorizer.jwt.claims`. Failures answer 401 `{"message":"Unauthorized"}`
 * exactly as API Gateway does.
 */
export interface GatewayOptions {
  port: number;
  host?: string;
  webDir: string;
  issuer: string;
  jwksUrl: string;
  clientId: string;
  /** Loads a domain's handler module; defaults to importing functions/<domain>/handler.ts. */
  loadHandler?: (domain: string) => Promise<LambdaHandler>;
  /** Defaults to the shared route table; tests pass their own. */
  routes?: RouteDef[];
  log?: (line: string) => void;
  /** The rate limits of infra/edge/limits.ts: by address (`npm start`, default) or only for keyed test requests. */
  edgeLimits?: EdgeLimitMode;
  /** Origins the Content-Security-Policy allows besides 'self'; the documents origin defaults to S3_PUBLIC_ENDPOINT. */
  csp?: Partial<CspOrigins>;
}

export type LambdaHandler = (
  event: unknown,
  context: unknown,
) => Promise<{ statusCode?: number; headers?: Record<string, string>; body?: string; isBase64Encoded?: boolean }>;

interface CompiledRoute {
  route: RouteDef;
  regex: RegExp;
  names: string[];
}

function compile(route: RouteDef): CompiledRoute {
  const names: string[] = [];
  const pattern = route.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{(\w+)\\?\}/g, (_m, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  return { route, regex: new RegExp(`^${pattern}$`), names };
}

/** Static segments rank before parameters, as API Gateway chooses the most specific route. */
function specificity(r: RouteDef): number {
  return r.path.split('/').reduce((n, seg) => n * 2 + (seg.startsWith('{') ? 0 : 1), 1);
}

export function matchRoute(method: string, path: string, routes: RouteDef[] = ROUTES) {
  const compiled = routes.map(compile).sort((a, b) => specificity(b.route) - specificity(a.route));
  for (const c of compiled) {
    if (c.route.method !== method) continue;
    const m = c.regex.exec(path);
    if (m) {
      const params: Record<string, string> = {};
      try {
        c.names.forEach((n, i) => {
          params[n] = decodeURIComponent(m[i + 1]);
        });
      } catch {
        return undefined; // a malformed escape (e.g. %E0%A4%A) names nothing: 404, as API Gateway answers
      }
      return { route: c.route, params };
    }
  }
  return undefined;
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.pdf': 'application/pdf',
  '.map': 'application/json',
};

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
const compressedCache = new Map<string, Buffer>();

function pickEncoding(accept: string): 'br' | 'gzip' | null {
  if (/\bbr\b/.test(accept)) return 'br';
  if (/\bgzip\b/.test(accept)) return 'gzip';
  return null;
}

/** A built file compressed once per version (path, size and mtime) and kept in memory. */
function compressedFile(file: string, encoding: 'br' | 'gzip'): Buffer {
  const st = statSync(file);
  const key = `${encoding}:${file}:${st.size}:${st.mtimeMs}`;
  let body = compressedCache.get(key);
  if (!body) {
    const raw = readFileSync(file);
    body =
      encoding === 'br'
        ? brotliCompressSync(raw, {
            params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: raw.length },
          })
        : gzipSync(raw, { level: 9 });
    compressedCache.set(key, body);
  }
  return body;
}

export function startGateway(opts: GatewayOptions): Promise<Server> {
  const jwks = createRemoteJWKSet(new URL(opts.jwksUrl));
  const handlers = new Map<string, Promise<LambdaHandler>>();
  const load =
    opts.loadHandler ??
    (async (domain: string) => {
      const mod = await import(resolve(import.meta.dirname, '../../functions', domain, 'handler.ts'));
      return mod.handler as LambdaHandler;
    });
  const handlerFor = (domain: string) => {
    if (!handlers.has(domain)) handlers.set(domain, load(domain));
    return handlers.get(domain)!;
  };
  const log = opts.log ?? (() => {});
  const webDir = resolve(opts.webDir);
  const limits = new SlidingWindow();
  const limitMode = opts.edgeLimits ?? 'per-address';
  // Every answer carries the CloudFront response-headers policy's headers (web-stack.ts), API answers included.
  const edgeHeaders = securityHeaders({
    documents: opts.csp?.documents ?? process.env.S3_PUBLIC_ENDPOINT ?? '',
    connect: opts.csp?.connect,
  });
  setLocalTaskInvoker((domain, event) => invokeAsync(domain, event));

  /**
   * Lambda's asynchronous invocation (InvocationType 'Event'), in process: the event is queued (the caller
   * does not wait), handed to the domain's handler, and retried twice on error (AWS waits about 1 then 2
   * minutes; here 1 then 2 seconds). What still fails is logged, as an on-failure destination would keep it.
   */
  function invokeAsync(domain: string, event: TaskEvent) {
    const attempt = async (n: number): Promise<void> => {
      const requestId = randomUUID();
      const started = Date.now();
      const context = {
        awsRequestId: requestId,
        functionName: `sayyara-${domain}`,
        getRemainingTimeInMillis: () => 15 * 60_000 - (Date.now() - started),
      };
      try {
        await (await handlerFor(domain))(event, context);
      } catch (err) {
        log(JSON.stringify({ level: 'warn', message: 'async invoke failed', domain, attempt: n, error: String(err) }));
        if (n < 2) setTimeout(() => void attempt(n + 1), (n + 1) * 1000).unref();
      }
    };
    setImmediate(() => void attempt(0));
  }

  async function api(req: IncomingMessage, res: ServerResponse, url: URL) {
    const method = req.method ?? 'GET';
    if (method === 'OPTIONS') {
      res.writeHead(204, {
        'access-control-allow-origin': req.headers.origin ?? '*',
        'access-control-allow-headers': 'authorization,content-type,idempotency-key,x-request-id',
        'access-control-allow-methods': 'GET,POST,PUT,PATCH,DELETE,OPTIONS',
        'access-control-max-age': '600',
      });
      return res.end();
    }
    const match = matchRoute(method, url.pathname, opts.routes ?? ROUTES);
    if (!match) return json(res, 404, { message: 'Not Found' });

    let claims: Record<string, unknown> | undefined;
    if (match.route.auth === 'authenticated') {
      const header = req.headers.authorization ?? '';
      const token = /^Bearer\s+(.+)$/i.exec(header)?.[1];
      if (!token) return json(res, 401, { message: 'Unauthorized' });
      try {
        const { payload } = await jwtVerify(token, jwks, { issuer: opts.issuer });
        if (payload.token_use !== 'access' || payload.client_id !== opts.clientId) throw new Error('wrong token');
        claims = payload as Record<string, unknown>;
      } catch {
        return json(res, 401, { message: 'Unauthorized' });
      }
    }

    // The route's body limit (shared with the handler stack, functions/lib/request-guards.ts).
    // The rest of an oversized body is read and dropped so the client sees the 413, not a reset.
    const limit = maxBodyBytes(match.route);
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size <= limit) chunks.push(chunk as Buffer);
    }
    if (size > limit) return json(res, 413, { error: { code: 'TOO_LARGE', message: FIELD_MESSAGES.bodyTooLarge } });
    const raw = Buffer.concat(chunks);
    const contentType = String(req.headers['content-type'] ?? '');
    const textual = /json|text|x-www-form-urlencoded/.test(contentType) || contentType === '';
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers))
      if (v !== undefined) headers[k.toLowerCase()] = Array.isArray(v) ? v.join(',') : v;
    // CloudFront's origin header (infra/stacks/web-stack.ts), a caller's own value overwritten as CloudFront does.
    if (process.env.ORIGIN_SECRET) headers[ORIGIN_HEADER] = process.env.ORIGIN_SECRET;
    const query: Record<string, string> = {};
    for (const [k, v] of url.searchParams) query[k] = k in query ? `${query[k]},${v}` : v;
    const now = new Date();
    const requestId = randomUUID();
    const event = {
      version: '2.0',
      routeKey: routeKey(match.route),
      rawPath: url.pathname,
      rawQueryString: url.search.replace(/^\?/, ''),
      headers,
      queryStringParameters: Object.keys(query).length ? query : undefined,
      pathParameters: Object.keys(match.params).length ? match.params : undefined,
      requestContext: {
        accountId: 'local',
        apiId: 'local',
        domainName: headers.host ?? 'localhost',
        domainPrefix: 'localhost',
        http: {
          method,
          path: url.pathname,
          protocol: 'HTTP/1.1',
          sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
          userAgent: headers['user-agent'] ?? '',
        },
        requestId,
        routeKey: routeKey(match.route),
        stage: '$default',
        time: now.toUTCString(),
        timeEpoch: now.getTime(),
        ...(claims ? { authorizer: { jwt: { claims: stringifyClaims(claims), scopes: null } } } : {}),
      },
      body: raw.length ? (textual ? raw.toString('utf8') : raw.toString('base64')) : undefined,
      isBase64Encoded: raw.length > 0 && !textual,
    };
    const handler = await handlerFor(match.route.domain);
    const context = {
      awsRequestId: requestId,
      functionName: `sayyara-${match.route.domain}`,
      getRemainingTimeInMillis: () => 29_000,
    };
    const out = await handler(event, context);
    const body = out.body ? Buffer.from(out.body, out.isBase64Encoded ? 'base64' : 'utf8') : Buffer.alloc(0);
    // The policy's headers win over the function's, as CloudFront's `override: true` does.
    const own = Object.entries(out.headers ?? {}).filter(([name]) => !(name.toLowerCase() in edgeHeaders));
    res.writeHead(out.statusCode ?? 200, { ...Object.fromEntries(own), 'content-length': String(body.length) });
    res.end(body);
  }

  function web(req: IncomingMessage, res: ServerResponse, url: URL) {
    const target = REDIRECTS[url.pathname.replace(/\/+$/, '') || '/'];
    if (target) {
      const [path, targetQuery] = target.split('?');
      const params = new URLSearchParams(url.search);
      for (const [k, v] of new URLSearchParams(targetQuery ?? '')) params.set(k, v);
      const qs = params.toString();
      res.writeHead(302, { location: `${path}${qs ? `?${qs}` : ''}` });
      return res.end();
    }
    if (!existsSync(join(webDir, 'index.html'))) {
      res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
      return res.end('The web app is not built yet: run `npm run build:web`.');
    }
    const rel = normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, '');
    let file = join(webDir, rel);
    if (!file.startsWith(webDir)) file = join(webDir, 'index.html');
    const isFile = existsSync(file) && statSync(file).isFile();
    if (!isFile) {
      if (extname(url.pathname)) {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
        return res.end('Not found');
      }
      file = join(webDir, 'index.html'); // SPA fallback, as the CloudFront Function does
    }
    const immutable = rel.includes(`${'assets'}`) && /-[A-Za-z0-9_-]{8,}\./.test(rel);
    const headers = {
      'content-type': MIME[extname(file)] ?? 'application/octet-stream',
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    };
    // Compressed like CloudFront (`compress: true` in the web stack), so local measurements
    // (Lighthouse in `npm run bench`) see the bytes a browser really downloads.
    const encoding = COMPRESSIBLE.test(file) ? pickEncoding(String(req.headers['accept-encoding'] ?? '')) : null;
    if (encoding) {
      const body = compressedFile(file, encoding);
      res.writeHead(200, {
        ...headers,
        'content-encoding': encoding,
        vary: 'accept-encoding',
        'content-length': String(body.length),
      });
      return res.end(body);
    }
    res.writeHead(200, headers);
    createReadStream(file).pipe(res);
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const started = Date.now();
    for (const [name, value] of Object.entries(edgeHeaders)) res.setHeader(name, value);
    // WAF decides before CloudFront routes anything, so the limits come first here too.
    if (refuseOverLimit(limits, limitMode, req, res, url.pathname)) {
      log(`${req.method} ${url.pathname} 429 (edge limit)`);
      return;
    }
    const done = (p: Promise<unknown> | void) =>
      Promise.resolve(p)
        .catch((err) => {
          // A function that failed (or a simulated crash, lib/faults.ts): API Gateway's plain answer, no detail.
          const level = isSimulatedCrash(err) ? 'warn' : 'error';
          log(JSON.stringify({ level, message: 'gateway failure', error: (err as Error).message }));
          if (!res.headersSent) json(res, 502, { message: 'Internal Server Error' });
          else res.end();
        })
        .finally(() => {
          if (url.pathname.startsWith('/api/'))
            log(`${req.method} ${url.pathname} ${res.statusCode} ${Date.now() - started}ms`);
        });
    if (url.pathname === FAULTS_PATH && faultsEnabled()) done(faultControl(req, res, url));
    else if (url.pathname.startsWith('/api/')) done(api(req, res, url));
    else
      done(
        Promise.resolve().then(() => {
          web(req, res, url);
        }),
      );
  });
  server.keepAliveTimeout = 5000;
  return new Promise((res, rej) => {
    server.once('error', rej);
    server.listen(opts.port, opts.host ?? '127.0.0.1', () => res(server));
  });
}

/**
 * The test-only control of fault injection (functions/lib/faults.ts), served only when SAYYARA_FAULTS=1 (the local
 * stack; never in the cloud, where there is no such gateway): POST a rule `{service, command?, kind, times?, match?}`
 * or a crash point `{crash, times?, tenantId?}` → `{id}`; GET lists the rules with their hits; DELETE clears them
 * (`?scope=<tenant id or match>`: only that scope's).
 */
export const FAULTS_PATH = '/_faults';

async function faultControl(req: IncomingMessage, res: ServerResponse, url: URL) {
  if (req.method === 'DELETE') {
    clearFaults(url.searchParams.get('scope') ?? undefined);
    return json(res, 204, undefined);
  }
  if (req.method === 'GET') return json(res, 200, listFaults());
  if (req.method !== 'POST') return json(res, 405, { message: 'Method Not Allowed' });
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    return json(res, 201, { id: armFault(JSON.parse(Buffer.concat(chunks).toString('utf8'))) });
  } catch (err) {
    return json(res, 400, { message: (err as Error).message });
  }
}

/** API Gateway passes JWT claims as strings (arrays as "[a b]"). */
function stringifyClaims(claims: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(claims)) out[k] = Array.isArray(v) ? `[${v.join(' ')}]` : String(v);
  return out;
}

function json(res: ServerResponse, status: number, body: unknown) {
  const text = body === undefined ? '' : JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) });
  res.end(text);
}
