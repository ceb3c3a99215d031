import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix, relative, resolve } from 'node:path';
import ts from 'typescript';

/**
 * Domain boundaries (DESIGN.md §13). Every folder under functions/ is a domain except:
 *  - functions/lib: what every domain shares; it imports no domain at all;
 *  - functions/jobs: scheduled jobs across domains; they import a domain's `api.ts`, its
 *    demo `seed.ts` (the demo reset seeds every domain) or its `job.ts` (what only a scheduled job
 *    runs, kept out of api.ts so the domains importing api.ts do not bundle it) and nothing else.
 * A domain imports another domain ONLY through that domain's two faces (DESIGN.md §17): `api.ts`
 * (use cases, usually imported from the caller's own `deps.ts`) and `tx.ts` (pure item builders
 * for the caller's transaction; a tx.ts imports no other domain), and nothing from jobs (the demo
 * world every seed fills is lib/demo/world.ts).
 * Test files are exempt (integration tests may reach into what they check).
 */
const root = resolve(import.meta.dirname, '../..');
const SHARED_FOLDERS = new Set(['lib', 'jobs']);

/** `functions/<area>/<rest>` of a repository-relative path, or undefined outside functions/. */
function areaOf(path: string): { area: string; rest: string } | undefined {
  const m = /^functions\/([^/]+)\/(.+)$/.exec(path);
  return m ? { area: m[1], rest: m[2].replace(/\.(ts|tsx|js|mjs)$/, '') } : undefined;
}

/**
 * The boundary rule for one import: `from` is the importing file and `specifier` what it
 * imports, both as written in the repository. Returns why the import is refused, or undefined.
 */
export function boundaryViolation(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined; // packages
  const source = areaOf(from);
  const target = areaOf(posix.normalize(posix.join(posix.dirname(from), specifier)));
  if (!source || !target || source.area === target.area) return undefined;
  const { area: a, rest } = target;
  if (source.area === 'lib') return `lib must not import a domain or job (${a}/${rest})`;
  if (source.area === 'jobs') {
    return SHARED_FOLDERS.has(a) || rest === 'api' || rest === 'seed' || rest === 'job'
      ? undefined
      : `jobs import only api.ts, job.ts or seed.ts of ${a}, not ${rest}`;
  }
  if (a === 'lib') return undefined;
  if (a === 'jobs') return `domains import nothing from jobs (jobs/${rest}); the demo world is lib/demo/world.ts`;
  return rest === 'api' || rest === 'tx'
    ? undefined
    : `${source.area} imports ${a}/${rest}: other domains are reached only through ${a}/api.ts (or its tx.ts)`;
}

/** Every module specifier of a source file: static imports, re-exports and dynamic import(). */
export function importsOf(source: string): string[] {
  return ts.preProcessFile(source, true, true).importedFiles.map((f) => f.fileName);
}

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) sources(p, out);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(p);
  }
  return out;
}

describe('domain boundaries', () => {
  it('catches a deliberate cross-domain import, and allows api.ts, lib and the job rules', () => {
    const line =
      "import { customerKey } from '../customers/model';\nexport { x } from './own';\nconst m = await import('../vehicles/schedule');";
    const found = importsOf(line)
      .map((s) => boundaryViolation('functions/rentals/deps.ts', s))
      .filter(Boolean);
    expect(found).toEqual([
      'rentals imports customers/model: other domains are reached only through customers/api.ts (or its tx.ts)',
      'rentals imports vehicles/schedule: other domains are reached only through vehicles/api.ts (or its tx.ts)',
    ]);
    expect(boundaryViolation('functions/rentals/deps.ts', '../customers/api')).toBeUndefined();
    expect(boundaryViolation('functions/rentals/deps.ts', '../analytics/tx')).toBeUndefined();
    expect(boundaryViolation('functions/rentals/contract/store.ts', '../../lib/storage')).toBeUndefined();
    expect(boundaryViolation('functions/rentals/contract/store.ts', '../../customers/writes')).toMatch(
      /customers\/api\.ts/,
    );
    expect(boundaryViolation('functions/lib/http.ts', '../rentals/api')).toMatch(/lib must not import/);
    expect(boundaryViolation('functions/jobs/demo-reset.ts', '../vehicles/seed')).toBeUndefined();
    expect(boundaryViolation('functions/jobs/demo-reset.ts', '../vehicles/data')).toMatch(/jobs import only/);
    expect(boundaryViolation('functions/jobs/alerts.ts', '../alerts/job')).toBeUndefined();
    expect(boundaryViolation('functions/gps/deps.ts', '../alerts/job')).toMatch(/alerts\/api\.ts/);
    expect(boundaryViolation('functions/auth/seed.ts', '../lib/demo/world')).toBeUndefined();
    expect(boundaryViolation('functions/auth/seed.ts', '../jobs/demo-reset')).toMatch(/lib\/demo\/world/);
  });

  it('holds for every non-test file under functions/', () => {
    const offenders = sources(join(root, 'functions')).flatMap((file) => {
      const from = relative(root, file).split('\\').join('/');
      return importsOf(readFileSync(file, 'utf8'))
        .map((s) => boundaryViolation(from, s))
        .filter((v): v is string => !!v)
        .map((v) => `${from}: ${v}`);
    });
    expect(offenders).toEqual([]);
  });

  it('every domain that other code imports has an api.ts', () => {
    const imported = new Set<string>();
    for (const file of sources(join(root, 'functions'))) {
      const from = relative(root, file).split('\\').join('/');
      for (const s of importsOf(readFileSync(file, 'utf8'))) {
        const t = s.startsWith('.') ? areaOf(posix.normalize(posix.join(posix.dirname(from), s))) : undefined;
        if (t && t.rest === 'api') imported.add(t.area);
      }
    }
    for (const area of imported) expect(statSync(join(root, 'functions', area, 'api.ts')).isFile(), area).toBe(true);
  });
});
