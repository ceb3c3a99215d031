import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * `import { z } from 'zod'` pulls every zod locale into a Lambda bundle (≈450 KB minified, over
 * the 300 KB budget of DESIGN.md §10); `import * as z from 'zod'` lets esbuild drop what is not
 * used (≈85 KB). This keeps the cheap form everywhere code is bundled.
 */
const root = resolve(import.meta.dirname, '../..');

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) sources(p, out);
    else if (/\.(ts|tsx)$/.test(name)) out.push(p);
  }
  return out;
}

describe('bundle hygiene', () => {
  it('imports zod as a namespace so bundles can drop its locales', () => {
    const offenders = ['shared', 'functions', 'web/src']
      .flatMap((d) => sources(join(root, d)))
      .filter((f) => /^import\s*\{[^}]*\bz\b[^}]*\}\s*from\s*'zod'/m.test(readFileSync(f, 'utf8').replace(/import type \{[^}]*\} from 'zod'/g, '')))
      .map((f) => f.slice(root.length + 1));
    expect(offenders, `use "import * as z from 'zod'" in: ${offenders.join(', ')}`).toEqual([]);
  });
});
