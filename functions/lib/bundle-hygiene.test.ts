import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/**
 * Keeps handler cold starts small (DESIGN.md §10, measured by `npm run bench`).
 *
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

/** Files a module imports statically (relative imports only; type-only imports left out). */
function staticImports(file: string): string[] {
  const code = readFileSync(file, 'utf8').replace(/^import type [^;]*;/gm, '');
  return [...code.matchAll(/^(?:import|export)\s[^;]*?from\s*'(\.[^']+)'/gm)].map((m) => {
    const target = resolve(dirname(file), m[1]);
    return (
      [`${target}.ts`, join(target, 'index.ts'), target].find((p) => existsSync(p) && statSync(p).isFile()) ?? target
    );
  });
}

describe('bundle hygiene', () => {
  it('imports zod as a namespace so bundles can drop its locales', () => {
    const offenders = ['shared', 'functions', 'web/src']
      .flatMap((d) => sources(join(root, d)))
      .filter((f) =>
        /^import\s*\{[^}]*\bz\b[^}]*\}\s*from\s*'zod'/m.test(
          readFileSync(f, 'utf8').replace(/import type \{[^}]*\} from 'zod'/g, ''),
        ),
      )
      .map((f) => f.slice(root.length + 1));
    expect(offenders, `use "import * as z from 'zod'" in: ${offenders.join(', ')}`).toEqual([]);
  });

  it('loads the S3 SDK lazily: no module outside lib/clients imports it at the top (use loadS3())', () => {
    const s3Modules =
      /^import\s[^;]*from\s*'(@aws-sdk\/client-s3|@aws-sdk\/s3-request-presigner|[./]*(lib\/)?clients\/s3)'/m;
    const offenders = sources(join(root, 'functions'))
      .filter(
        (f) => !/\.test\.ts$/.test(f) && !f.includes('/functions/lib/clients/') && !f.includes('/functions/jobs/'),
      )
      .filter((f) => s3Modules.test(readFileSync(f, 'utf8').replace(/^import type [^;]*;/gm, '')))
      .map((f) => f.slice(root.length + 1));
    expect(
      offenders,
      `import S3 through loadS3() (functions/lib/clients/s3-lazy.ts) in: ${offenders.join(', ')}`,
    ).toEqual([]);
  });

  it('keeps pdf-lib and fontkit inside the PDF module, which is only imported lazily by handlers', () => {
    const files = sources(join(root, 'functions')).filter((f) => !/\.test\.ts$/.test(f));
    const pdfLib = files.filter(
      (f) => !f.includes('/functions/lib/pdf/') && /from\s*'(pdf-lib|@pdf-lib\/fontkit)'/.test(readFileSync(f, 'utf8')),
    );
    expect(pdfLib.map((f) => f.slice(root.length + 1))).toEqual([]);
    // Modules that use the PDF module are themselves imported with import(): no static import of them.
    const pdfModule = join(root, 'functions/lib/pdf/index.ts');
    const renderers = files.filter((f) => !f.includes('/functions/lib/pdf/') && staticImports(f).includes(pdfModule));
    for (const f of files) {
      const eager = staticImports(f).filter((target) => renderers.includes(target));
      expect(
        eager.map((t) => t.slice(root.length + 1)),
        `${f.slice(root.length + 1)} must import these with import()`,
      ).toEqual([]);
    }
    expect(renderers.length).toBeGreaterThan(0);
  });
});
