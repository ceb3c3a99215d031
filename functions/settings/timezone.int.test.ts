import { describe, expect, it } from 'vitest';
import { get, put } from '../../test/integration/client';
import { registerTenant } from '../../test/integration/fixtures';
import { keys } from '../lib/data/keys';
import { updateRaw } from '../lib/data/repo';
import { fixCompanyTimeZones } from './timezone-migration';

/** Issue 17: a company's time zone follows its region (settings form and existing companies). */
const SETTINGS = '/api/v1/company/settings';

describe('company time zone follows the region', () => {
  it('saving the Preferences tab with the region changed to UAE gives Asia/Dubai (the form repeats the old zone)', async () => {
    const t = await registerTenant();
    const s = await get(SETTINGS, t.token);
    expect(s.body.timezone).toBe('America/New_York');
    // Exactly what the Preferences tab sends: its fields, region changed, time zone untouched.
    const res = await put(
      SETTINGS,
      { version: s.body.version, timezone: s.body.timezone, preferences: { ...s.body.preferences, region: 'AE' } },
      t.token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ timezone: 'Asia/Dubai', currency: 'AED' });
  });

  it('the migration fixes companies whose zone contradicts their region, once, and leaves chosen zones alone', async () => {
    const [wrong, chosen] = await Promise.all([registerTenant(), registerTenant()]);
    // As companies were left before the fix: UAE with New York's zone; and one that chose Muscat.
    await updateRaw({
      Key: keys.settings(wrong.tenantId),
      UpdateExpression: 'SET preferences.#r = :ae, #tz = :ny',
      ExpressionAttributeNames: { '#r': 'region', '#tz': 'timezone' },
      ExpressionAttributeValues: { ':ae': 'AE', ':ny': 'America/New_York' },
    });
    await updateRaw({
      Key: keys.settings(chosen.tenantId),
      UpdateExpression: 'SET preferences.#r = :ae, #tz = :tz',
      ExpressionAttributeNames: { '#r': 'region', '#tz': 'timezone' },
      ExpressionAttributeValues: { ':ae': 'AE', ':tz': 'Asia/Muscat' },
    });
    const first = await fixCompanyTimeZones();
    expect(first.fixed).toBeGreaterThanOrEqual(1);
    const fixed = await get(SETTINGS, wrong.token);
    expect(fixed.body.timezone).toBe('Asia/Dubai');
    expect((await get(SETTINGS, chosen.token)).body.timezone).toBe('Asia/Muscat');
    // Idempotent: a second run changes nothing.
    // (Its count is not checked: other test files running at the same time create companies whose
    // zone contradicts their region, which this run rightly fixes.)
    const chosenBefore = (await get(SETTINGS, chosen.token)).body.version;
    await fixCompanyTimeZones();
    expect((await get(SETTINGS, wrong.token)).body.version).toBe(fixed.body.version);
    expect((await get(SETTINGS, chosen.token)).body.version).toBe(chosenBefore);
  }, 180_000);
});
