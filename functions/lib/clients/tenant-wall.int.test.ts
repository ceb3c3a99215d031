import { beforeAll, describe, expect, it } from 'vitest';
import { registerTenant, type RegisteredTenant } from '../../../test/integration/fixtures';
import { ORIGIN_HEADER, routeMaker } from '../../../shared/routes/types';
import { createDomainHandler, type ApiEvent } from '../http';
import { getItem, transact, tx } from '../data/repo';
import { keys } from '../data/keys';
import { getObjectBytes, putObject, tenantPrefix } from '../storage';
import { defineFanOutJob } from '../jobs/fan-out';
import { jobContext } from '../jobs/define-job';
import { currentTenant, runAsTenant } from './tenant-scope';

/**
 * The second wall against the real local stack (DynamoDB and S3 emulators): a bug that builds another company's
 * key inside a company's work is refused and nothing is written, through the handler stack (an authenticated
 * request runs in its caller's company) and a fan-out job unit (runs in the unit's company).
 */
let a: RegisteredTenant;
let b: RegisteredTenant;
beforeAll(async () => {
  [a, b] = await Promise.all([registerTenant(), registerTenant()]);
});

const subOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')).sub;
const denied = { name: 'AccessDeniedException' };

describe("inside a company's scope", () => {
  it("reads and writes the company's own items, and is refused another company's (nothing written)", async () => {
    const before = await getItem(keys.settings(b.tenantId));
    expect(before).toBeDefined();
    await runAsTenant(a.tenantId, async () => {
      expect((await getItem(keys.settings(a.tenantId)))?.pk).toBe(keys.settings(a.tenantId).pk);
      await expect(getItem(keys.settings(b.tenantId))).rejects.toMatchObject(denied);
      const own = { ...keys.counter(a.tenantId, 'WALL_TEST'), value: 1 };
      const theirs = { ...keys.counter(b.tenantId, 'WALL_TEST'), value: 1 };
      await expect(transact([tx.put(own), tx.put(theirs)])).rejects.toMatchObject(denied);
    });
    // Outside any scope (the Lambda's own role): neither item of the refused transaction exists.
    expect(await getItem(keys.counter(a.tenantId, 'WALL_TEST'))).toBeUndefined();
    expect(await getItem(keys.counter(b.tenantId, 'WALL_TEST'))).toBeUndefined();
    expect((await getItem(keys.settings(b.tenantId)))?.version).toBe(before?.version);
  });

  it("stores and reads the company's own files, and is refused another company's", async () => {
    const theirs = `${tenantPrefix(b.tenantId, 'wall')}x.txt`;
    await putObject(theirs, Buffer.from('B'), 'text/plain');
    await runAsTenant(a.tenantId, async () => {
      const mine = `${tenantPrefix(a.tenantId, 'wall')}x.txt`;
      await putObject(mine, Buffer.from('A'), 'text/plain');
      expect((await getObjectBytes(mine))?.body.toString()).toBe('A');
      await expect(getObjectBytes(theirs)).rejects.toMatchObject(denied);
      await expect(putObject(theirs, Buffer.from('A'), 'text/plain')).rejects.toMatchObject(denied);
    });
    expect((await getObjectBytes(theirs))?.body.toString()).toBe('B');
  });
});

describe('the handler stack runs an authenticated request in its caller’s company', () => {
  const route = routeMaker('vehicles');
  const routes = [
    route({ operationId: 'probe', method: 'GET', path: '/api/v1/wall', auth: 'authenticated', summary: 't' }),
  ];
  const event = (token: string) =>
    ({
      version: '2.0',
      routeKey: 'GET /api/v1/wall',
      rawPath: '/api/v1/wall',
      // As CloudFront adds it (functions/lib/request-guards.ts): the local stack's Lambdas require it too.
      headers: { [ORIGIN_HEADER]: process.env.ORIGIN_SECRET ?? '' },
      requestContext: {
        requestId: 'r',
        http: { method: 'GET', path: '/api/v1/wall' },
        authorizer: { jwt: { claims: { sub: subOf(token), token_use: 'access' } } },
      },
      isBase64Encoded: false,
    }) as unknown as ApiEvent;

  it("answers the caller's own item and fails (500, nothing leaked) on another company's", async () => {
    let seen: string | undefined;
    const target = { id: '' };
    const h = createDomainHandler('vehicles', routes, {
      probe: async () => {
        seen = currentTenant();
        return { item: (await getItem(keys.settings(target.id)))?.pk };
      },
    });
    target.id = a.tenantId;
    const own = await h(event(a.token), {} as never);
    expect(own.statusCode).toBe(200);
    expect(seen).toBe(a.tenantId);
    target.id = b.tenantId;
    const other = await h(event(a.token), {} as never);
    expect(other.statusCode).toBe(500);
    expect(other.body).not.toContain(b.tenantId);
    expect(seen).toBe(a.tenantId);
  });
});

describe('a fan-out job unit runs in its company', () => {
  it("does the unit's company's work and is refused another company's", async () => {
    const job = defineFanOutJob({
      name: 'overdue-rentals',
      reads: [],
      units: () => [],
      unit: async (_ctx, unit: { tenantId: string; read: string }) => {
        expect(currentTenant()).toBe(unit.tenantId);
        return { found: (await getItem(keys.settings(unit.read))) ? 1 : 0 };
      },
    });
    const ctx = jobContext('overdue-rentals', { onlyTenants: [a.tenantId] });
    await expect(job.doUnit(ctx, { tenantId: a.tenantId, read: a.tenantId })).resolves.toEqual({ found: 1 });
    await expect(job.doUnit(ctx, { tenantId: a.tenantId, read: b.tenantId })).rejects.toMatchObject(denied);
  });
});
