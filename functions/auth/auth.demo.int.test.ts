import { describe, expect, it } from 'vitest';
import { get, post } from '../../test/integration/client';
import { login } from '../../test/integration/fixtures';
import { DEMO_CREDENTIALS } from '../../shared/schemas/auth';
import { keys, tenantPk } from '../lib/data/keys';
import { getItem, queryAll } from '../lib/data/repo';
import { DEMO_PARTITIONS, resetDemo, type DemoAccount } from '../jobs/demo-reset';
import { unique } from '../../test/integration/client';

/** The harness runs demo-reset before the integration layer, as `npm start` does on first start. */
describe('the shared demo company', () => {
  it('signs in as demo / demo1234: an OWNER of a seeded company, flagged as demo', async () => {
    const demo = await login(DEMO_CREDENTIALS.username, DEMO_CREDENTIALS.password);
    expect(demo.user.role).toBe('OWNER');
    const me = await get('/api/auth/me', demo.token);
    expect(me.body.user).toMatchObject({
      username: 'demo',
      role: 'OWNER',
      isDemo: true,
      tenantName: 'Desert Rose Car Rental',
      status: 'active',
    });

    const staff = await get('/api/v1/staff', demo.token);
    expect(staff.status).toBe(200);
    const roles = staff.body.items.map((m: { role: string }) => m.role);
    for (const role of ['OWNER', 'ADMIN', 'STAFF', 'MECHANIC']) expect(roles).toContain(role);
    const statuses = new Set(staff.body.items.map((m: { status: string }) => m.status));
    expect([...statuses].sort()).toEqual(['active', 'pending', 'suspended']);

    const vehicles = await get('/api/v1/vehicles', demo.token);
    expect(vehicles.status).toBe(200);
    expect(vehicles.body.items.length).toBeGreaterThan(5);
  });

  it('cannot change staff (403 with a clear message) but can read them', async () => {
    const demo = await login(DEMO_CREDENTIALS.username, DEMO_CREDENTIALS.password);
    const staff = await get('/api/v1/staff', demo.token);
    const someone = staff.body.items.find((m: { username: string }) => m.username !== 'demo');
    const attempts = [
      await post(
        '/api/v1/staff',
        { firstName: 'A', lastName: 'B', username: 'intruder', password: 'secret1', role: 'ADMIN' },
        demo.token,
      ),
      await post(`/api/v1/staff/${someone.id}/suspend`, {}, demo.token),
    ];
    for (const res of attempts) {
      expect(res.status).toBe(403);
      expect(res.body.error.message).toBe(
        'The shared demo account cannot change passwords, staff or security settings.',
      );
    }
  });

  it('is never locked out: its password is public, so failures are not counted', async () => {
    for (let i = 0; i < 6; i++)
      expect((await post('/api/auth/login', { username: 'demo', password: 'wrong!' })).status).toBe(401);
    expect((await post('/api/auth/login', DEMO_CREDENTIALS)).status).toBe(200);
  });

  // A private copy under other names: the same code path, without pulling the shared demo from
  // under the other test files that sign in to it while this runs.
  it('reset is idempotent, removes what visitors added, and keeps their session working', async () => {
    const name = unique('demox');
    const account: DemoAccount = { username: name, password: 'demo-copy-1', slug: name, email: `${name}@example.test` };
    // One clock for both resets: the seeds write dates relative to it (a week of GPS drives, fines
    // and tolls matched to rentals, alerts due), so two clocks a minute apart may count differently.
    const now = new Date();
    const first = await resetDemo(now, account);
    expect(first.deleted).toBe(0);
    const visitor = await login(account.username, account.password);
    const added = await post('/api/v1/customers', { fullNameEnglish: 'Visitor Added Customer' }, visitor.token);
    expect(added.status).toBe(201);

    const second = await resetDemo(now, account);
    expect(second.deleted).toBeGreaterThan(0);
    expect({ ...second, deleted: 0 }).toEqual({ ...first, deleted: 0 });

    const pointer = await getItem(keys.global.username(account.username));
    const tenantId = pointer!.tenantId as string;
    const customers = await queryAll({ tenantId, pk: tenantPk(tenantId, 'CUSTOMER'), consistent: true });
    expect(customers.find((c) => c.fullNameEnglish === 'Visitor Added Customer')).toBeUndefined();
    expect(customers.length).toBe(first.customers);
    const users = await queryAll({ tenantId, pk: tenantPk(tenantId, 'USER'), consistent: true });
    expect(users).toHaveLength(second.staff);
    // The visitor's session survived the reset (same Cognito user, same sub pointer, user item overwritten in place).
    expect((await get('/api/auth/me', visitor.token)).status).toBe(200);
    expect(DEMO_PARTITIONS.length).toBeGreaterThan(10);
  }, 900_000); // two full resets of a year of history (~1 min each on an idle machine, 5 on a loaded one)
});
