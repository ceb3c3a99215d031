import { describe, expect, it } from 'vitest';
import { get } from '../../test/integration/client';
import { loginDemo } from '../../test/integration/demo-kit';

/** The demo company's fleet health (seedFleetHealth, written by the demo reset the harness runs for this file). */
type Row = { vehicleId: string; score: number; factors: { key: string; penalty: number }[] };
const factor = (row: Row, key: string) => row.factors.find((f) => f.key === key)!;

describe('the demo company', () => {
  it('has health scores in every grade, from its own data (GPS incidents and trackers included), stored on its vehicles', async () => {
    const demo = await loginDemo();
    const res = await get('/api/v1/fleet-health', demo.token);
    expect(res.status).toBe(200);
    const grades = res.body.grades as Record<string, number>;
    console.log(
      'demo fleet health',
      JSON.stringify({ grades, average: res.body.averageScore, trackers: res.body.trackers.length }),
    );
    for (const g of ['excellent', 'good', 'fair', 'poor', 'critical']) expect(grades[g], g).toBeGreaterThan(0);
    const withIncidents = (res.body.vehicles as Row[]).filter((v) => factor(v, 'incidents').penalty > 0);
    expect(withIncidents.length).toBeGreaterThan(0);
    const one = (res.body.vehicles as Row[])[0];
    expect((await get(`/api/v1/vehicles/${one.vehicleId}`, demo.token)).body.healthScore).toBe(one.score);
  });
});
