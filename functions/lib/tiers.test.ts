import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix, relative, resolve } from 'node:path';
import ts from 'typescript';

/**
 * Domains in tiers (DESIGN.md §17): an import points to its own tier or lower, and no group of
 * more than one domain imports itself in a circle — for functions/, shared/ and web/src/features.
 *
 * TIERS is §17's table. Where §17 says "then" inside a tier (auth then staff, vehicles and
 * customers then documents, invoices then payments), the later one sits half a step higher, so
 * the earlier one may not import it.
 *
 * ALLOWED_UPWARD lists the upward imports (domain → domain) that exist today, each to be moved
 * away by the layers work (issue 28): the list may only shrink — an entry that no longer occurs
 * fails the test until it is removed, and a new upward import fails until it is fixed. The
 * circle through rentals, invoices, payments and analytics is gone: rentals reach analytics and
 * payments only through their tx.ts, invoices write the rentals' invoiced-charge markers through
 * rentals/api.ts, and invoices import nothing from payments.
 */
const root = resolve(import.meta.dirname, '../..');
const importsOf = (source: string) => ts.preProcessFile(source, true, true).importedFiles.map((f) => f.fileName);

export const TIERS: Record<string, number> = {
  lib: 0,
  accounting: 1,
  settings: 1,
  platform: 1,
  alerts: 1,
  security: 1,
  auth: 2,
  staff: 2.5,
  vehicles: 3,
  customers: 3,
  documents: 3.5,
  rentals: 4,
  invoices: 5,
  payments: 5.5,
  // Before invoices: invoices and credit notes write their e-document in their own issue transaction.
  einvoicing: 4.5,
  maintenance: 5,
  tickets: 5,
  gps: 5,
  collections: 6,
  finance: 6,
  analytics: 7,
  insights: 7,
  'fleet-health': 7,
  'alert-rules': 7,
  'security-report': 7,
  jobs: 8,
};

/** Today's upward imports (see the header): `from -> to`. */
const ALLOWED_UPWARD = new Set<string>([]);

/** Groups of shared/ and web/src/features folders that import each other in a circle today (may only shrink). */
const ALLOWED_CIRCLES: Record<string, string[][]> = {
  // Empty: the damage marks and maintenance statuses sit in shared/maintenance (the schemas re-export them), the
  // audit log and weekly report in words beside alert-text.ts (shared/audit-text.ts, shared/security-report-text.ts).
  shared: [],
  // Empty: the company's clock (useDateTime, the time-zone inputs) moved from rentals to web/src/lib/company-clock.ts.
  'web/src/features': [],
};

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) {
      if (name !== 'node_modules') sources(p, out);
    } else if (/\.tsx?$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name)) out.push(p);
  }
  return out;
}

function resolveImport(from: string, specifier: string): string | undefined {
  const p = posix.normalize(posix.join(posix.dirname(from), specifier));
  return [p, `${p}.ts`, `${p}.tsx`, `${p}/index.ts`].find(
    (c) => existsSync(join(root, c)) && statSync(join(root, c)).isFile(),
  );
}

/** Folder-level edges under `base` (`a -> b` → the files that make it). */
export function folderEdges(base: string): Map<string, string[]> {
  const folderOf = (file: string) => new RegExp(`^${base}/([^/]+)/`).exec(file)?.[1];
  const edges = new Map<string, string[]>();
  for (const abs of sources(join(root, base))) {
    const from = relative(root, abs).split('\\').join('/');
    const a = folderOf(from);
    if (!a) continue;
    for (const s of importsOf(readFileSync(abs, 'utf8'))) {
      if (!s.startsWith('.')) continue;
      const target = resolveImport(from, s);
      const b = target && folderOf(target);
      if (!b || b === a) continue;
      const key = `${a} -> ${b}`;
      edges.set(key, [...(edges.get(key) ?? []), `${from} → ${target}`]);
    }
  }
  return edges;
}

/** Strongly connected groups of more than one node (Tarjan). */
export function circles(edges: Iterable<string>): string[][] {
  const adj = new Map<string, string[]>();
  for (const e of edges) {
    const [a, b] = e.split(' -> ');
    adj.set(a, [...(adj.get(a) ?? []), b]);
    if (!adj.has(b)) adj.set(b, []);
  }
  let next = 0;
  const index = new Map<string, number>(),
    low = new Map<string, number>(),
    stack: string[] = [],
    onStack = new Set<string>(),
    out: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of adj.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) out.push(group.sort());
    }
  };
  for (const v of adj.keys()) if (!index.has(v)) visit(v);
  return out;
}

/**
 * Imports of another domain's tx.ts do not count for direction or circles: a tx.ts imports no
 * other domain (checked below), so a lower domain may build a higher one's items for its own
 * transaction (rentals → analytics/tx.ts: the aggregates commit with the rental) without any way
 * back. Only the other imports of an edge make it an edge.
 */
function withoutTxFaces(all: Map<string, string[]>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [e, files] of all) {
    const rest = files.filter((f) => !/\/tx\.ts$/.test(f));
    if (rest.length) out.set(e, rest);
  }
  return out;
}

describe('domains in tiers (DESIGN.md §17)', () => {
  const allEdges = folderEdges('functions');
  const edges = withoutTxFaces(allEdges);

  it('finds a circle and an upward import when there is one', () => {
    expect(circles(['a -> b', 'b -> c', 'c -> a', 'c -> d'])).toEqual([['a', 'b', 'c']]);
    expect(circles(['a -> b', 'b -> c'])).toEqual([]);
    expect(TIERS.rentals).toBeGreaterThan(TIERS.vehicles);
    expect(TIERS.payments).toBeGreaterThan(TIERS.invoices);
  });

  it('every functions/ folder has a tier', () => {
    const folders = readdirSync(join(root, 'functions')).filter((n) =>
      statSync(join(root, 'functions', n)).isDirectory(),
    );
    expect(folders.filter((f) => TIERS[f] === undefined)).toEqual([]);
  });

  it('every import points to its own tier or lower, but for the allow-list', () => {
    const upward = [...edges.keys()].filter((e) => {
      const [a, b] = e.split(' -> ');
      return TIERS[b] > TIERS[a];
    });
    expect(upward.filter((e) => !ALLOWED_UPWARD.has(e)).map((e) => `${e}: ${edges.get(e)!.join(', ')}`)).toEqual([]);
    // The allow-list only shrinks: an entry that no longer happens must be removed.
    expect([...ALLOWED_UPWARD].filter((e) => !upward.includes(e))).toEqual([]);
  });

  it('no circle of domains under functions/ once the allow-listed imports are taken out', () => {
    expect(circles([...edges.keys()].filter((e) => !ALLOWED_UPWARD.has(e)))).toEqual([]);
  });

  it('rentals, invoices, payments and analytics import each other in no circle, even with the allow-list', () => {
    const core = new Set(['rentals', 'invoices', 'payments', 'analytics']);
    const among = [...edges.keys()].filter((e) => e.split(' -> ').every((d) => core.has(d)));
    expect(circles(among)).toEqual([]);
    expect(allEdges.has('invoices -> payments')).toBe(false);
    expect(allEdges.get('rentals -> analytics')?.every((f) => f.endsWith('analytics/tx.ts'))).toBe(true);
    expect(allEdges.get('rentals -> payments')?.every((f) => f.endsWith('payments/tx.ts'))).toBe(true);
    expect(allEdges.get('rentals -> invoices')?.every((f) => f.endsWith('invoices/tx.ts'))).toBe(true);
  });

  it('a tx.ts imports no other domain', () => {
    const offenders = [...allEdges.entries()].flatMap(([, files]) =>
      files.filter((f) => /\/tx\.ts → /.test(f) && !/→ functions\/lib\//.test(f)),
    );
    expect(offenders).toEqual([]);
  });

  for (const base of Object.keys(ALLOWED_CIRCLES)) {
    it(`${base}: no circle of folders beyond today's (which may only shrink)`, () => {
      const found = circles(folderEdges(base).keys());
      const allowed = ALLOWED_CIRCLES[base];
      expect(found.filter((g) => !allowed.some((a) => g.every((m) => a.includes(m))))).toEqual([]);
      expect(allowed.filter((a) => !found.some((g) => a.every((m) => g.includes(m))))).toEqual([]);
    });
  }
});
