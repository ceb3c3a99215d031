import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_PARTITIONS, GSI_ONLY_COLLECTIONS } from './demo-reset';

/**
 * demo-reset clears the demo company by querying a registry of partitions (no Scan). A collection
 * a domain writes but the registry misses would survive every reset and pile up; this test reads
 * the functions' source for collections named in tenantPk()/entityKey() calls and fails when one
 * is neither in DEMO_PARTITIONS nor a GSI-only partition key.
 */
const root = resolve(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [path] : [];
  });
}

describe('demo-reset partition registry', () => {
  it('covers every collection the domains write', () => {
    const known = new Set([...DEMO_PARTITIONS.map((p) => p.collection), ...GSI_ONLY_COLLECTIONS]);
    const missing = new Set<string>();
    for (const file of sources(root)) {
      if (file.includes(`${join('functions', 'lib', 'data', 'keys.ts')}`)) continue;
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/(?:tenantPk|entityKey)\(\s*[\w.]+\s*,\s*'([A-Z][A-Z0-9_]*)'/g)) {
        if (!known.has(m[1])) missing.add(`${m[1]} (${file.slice(root.length + 1)})`);
      }
    }
    expect(
      [...missing],
      'add these to DEMO_PARTITIONS (or GSI_ONLY_COLLECTIONS) in functions/jobs/demo-reset.ts',
    ).toEqual([]);
  });

  it('scopes per-entity partitions by a collection that is itself cleared', () => {
    const base = new Set(DEMO_PARTITIONS.filter((p) => !p.scopedBy).map((p) => p.collection));
    for (const p of DEMO_PARTITIONS.filter((d) => d.scopedBy)) expect(base.has(p.scopedBy!), p.collection).toBe(true);
  });
});
