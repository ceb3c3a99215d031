import { describe, expect, it } from 'vitest';
import { get, post, put } from '../../test/integration/client';
import { loginDemo } from '../../test/integration/demo-kit';

/**
 * The demo company's security (functions/security/seed.ts and the weekly report's seed, written by the demo reset the
 * harness runs for this file), and what the shared demo account may not change.
 */
type Risk = { level: string; signals: string[]; outcome: string; kind: string };

describe('the demo account', () => {
  it('the demo account cannot enrol or change its password (403 with a clear message)', async () => {
    const demo = await loginDemo();
    const refused = await post('/api/v1/auth/mfa/setup', {}, demo.token);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(
      'The shared demo account cannot change passwords, staff or security settings.',
    );
    expect(
      (await post('/api/v1/auth/password', { currentPassword: 'demo1234', newPassword: 'hacked-1' }, demo.token))
        .status,
    ).toBe(403);
    expect((await post('/api/v1/security/geo-rules', { country: 'RU', action: 'block' }, demo.token)).status).toBe(403);
  });

  it('may not change the MFA requirement or block a device (403)', async () => {
    const demo = await loginDemo();
    const ds = await get('/api/v1/company/settings', demo.token);
    const refused = await put(
      '/api/v1/company/settings',
      { version: ds.body.version, requireMfaForAdmins: !ds.body.requireMfaForAdmins },
      demo.token,
    );
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe('Security settings cannot be changed in the demo account');
    const someDevice = (await get('/api/v1/security/devices?all=true', demo.token)).body.items[0] as
      | { id: string }
      | undefined;
    expect(someDevice).toBeDefined();
    const block = await post(`/api/v1/security/devices/${someDevice!.id}/block`, {}, demo.token);
    expect(block.status).toBe(403);
    expect(block.body.error.message).toBe(
      'The shared demo account cannot change passwords, staff or security settings.',
    );
  });
});

describe('the demo company', () => {
  it("has a realistic security history: devices of its staff, a critical refusal, a blocked and a trusted device, risky actions, last week's report, job runs", async () => {
    const demo = await loginDemo();
    const risk: Risk[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: { items: Risk[]; nextCursor: string | null } } = await get(
        `/api/v1/security/risk?limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        demo.token,
      );
      risk.push(...page.body.items);
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(
      risk.some((r) => r.level === 'critical' && r.outcome === 'refused' && r.signals.includes('impossible_travel')),
    ).toBe(true);
    expect(risk.some((r) => r.signals.includes('new_country') && r.outcome === 'allowed')).toBe(true);
    expect(
      risk
        .filter((r) => r.kind === 'action')
        .map((r) => r.signals[0])
        .sort(),
    ).toEqual(['large_discount', 'refund_other_method']);
    const devices = (await get('/api/v1/security/devices?all=true&limit=100', demo.token)).body.items as {
      status: string;
      username: string;
    }[];
    expect(new Set(devices.map((d) => d.username)).size).toBeGreaterThanOrEqual(3);
    expect(devices.map((d) => d.status)).toEqual(expect.arrayContaining(['blocked', 'trusted', 'unknown']));
    // Last week's report, seeded once (raw-text.demo.int.test.ts adds reports of 2019 weeks of its own to the demo).
    const reports = (
      (await get('/api/v1/security/reports', demo.token)).body.items as {
        from: string;
        counts: Record<string, number>;
      }[]
    ).filter((r) => Date.parse(r.from) > Date.now() - 15 * 86_400_000);
    expect(reports).toHaveLength(1);
    expect(reports[0]!.counts.signins).toBeGreaterThan(5);
    const runs = (await get('/api/v1/jobs/runs', demo.token)).body.items as { job: string }[];
    expect(runs.map((r) => r.job)).toEqual(expect.arrayContaining(['security-report', 'demo-reset']));
  });
});
