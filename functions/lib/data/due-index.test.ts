import { describe, expect, it } from 'vitest';
import { monotonicFactory } from 'ulid';
import { DUE_INDEXES, DUE_SHARDS, dueIndexKeys, dueShard, dueShardPk, LEGACY_UNSHARDED_READ } from './due-index';

/** A seeded generator, so the 10,000 "realistic" ULID keys below are the same on every run. */
function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The share bound the tests hold the spread to: no shard above 1.2× (nor below 0.8×) its ideal 1/16. */
const MAX_OVER_IDEAL = 1.2;

function spread(keys: { pk: string; sk: string }[]) {
  const counts = new Array<number>(DUE_SHARDS).fill(0);
  for (const k of keys) counts[dueShard(k)]++;
  return counts;
}

describe('due index shards', () => {
  it('a fixed number of shards per index, each named {index}#S{nn}, read with the unsharded key of before', () => {
    expect(DUE_SHARDS).toBe(16);
    for (const index of DUE_INDEXES) {
      const keys = dueIndexKeys(index);
      expect(keys).toHaveLength(DUE_SHARDS + (LEGACY_UNSHARDED_READ ? 1 : 0));
      expect(keys[0]).toBe(`${index}#S00`);
      expect(keys[DUE_SHARDS - 1]).toBe(`${index}#S15`);
      expect(new Set(keys).size).toBe(keys.length);
    }
  });

  it('is stable: the same item key always gives the same shard (these values must never change)', () => {
    // A changed hash would strand every stored item in a shard the writers no longer use: the values are pinned.
    const t = '01HZX3M5Q8R2S4T6V8W0Y2A4C6';
    expect(dueShardPk('G#INVOICING_DUE', { pk: `T#${t}#INVOICING_DUE`, sk: '01J9ZKX6B4N8Q2R6T0V4X8Z2C6' })).toBe(
      'G#INVOICING_DUE#S13',
    );
    expect(dueShardPk('G#FLEET_HEALTH', { pk: `T#${t}#FLEET_HEALTH_RUN`, sk: 'LATEST' })).toBe('G#FLEET_HEALTH#S14');
    expect(
      dueShardPk('G#ACTIVE_RENTALS', {
        pk: 'T#01HZX3M5Q8R2S4T6V8W0Y2A4C7#ACTIVE_RENTAL',
        sk: '01J9ZKX6B4N8Q2R6T0V4X8Z2C6',
      }),
    ).toBe('G#ACTIVE_RENTALS#S07');
    const key = { pk: `T#${t}#EDOC_DUE`, sk: '01J9ZKX6B4N8Q2R6T0V4X8Z2C6' };
    expect(dueShard(key)).toBe(dueShard({ ...key }));
    for (let i = 0; i < 1000; i++) expect(dueShard({ pk: `T#${t}#X`, sk: String(i) })).toBeLessThan(DUE_SHARDS);
  });

  it('spreads 10,000 items of 200 companies, and 10,000 items of ONE company, within 1.2× of the ideal share', () => {
    const make = monotonicFactory(mulberry32(30));
    const tenants = Array.from({ length: 200 }, (_, i) => make(1_700_000_000_000 + i * 1000));
    // Rental ids made a minute apart (ULIDs share their time prefix: the hash has to spread near-equal keys).
    const ids = Array.from({ length: 10_000 }, (_, i) => make(1_760_000_000_000 + i * 60_000));
    const ideal = 10_000 / DUE_SHARDS;
    for (const keys of [
      ids.map((id, i) => ({ pk: `T#${tenants[i % 200]}#ACTIVE_RENTAL`, sk: id })),
      ids.map((id) => ({ pk: `T#${tenants[0]}#INVOICING_DUE`, sk: id })),
      ids.map((id, i) => ({ pk: `T#${tenants[i % 200]}#DOC_REMINDER#${id}`, sk: `2026-12-01#due_soon` })),
    ]) {
      const counts = spread(keys);
      expect(Math.max(...counts)).toBeLessThanOrEqual(ideal * MAX_OVER_IDEAL);
      expect(Math.min(...counts)).toBeGreaterThanOrEqual(ideal * (2 - MAX_OVER_IDEAL));
    }
  });

  it('one item per company (fleet health, ticket work): 200 companies still reach every shard', () => {
    const make = monotonicFactory(mulberry32(7));
    const counts = spread(
      Array.from({ length: 200 }, (_, i) => ({ pk: `T#${make(1_700_000_000_000 + i)}#F`, sk: 'L' })),
    );
    expect(counts.every((c) => c > 0)).toBe(true);
  });
});
