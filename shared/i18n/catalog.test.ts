import { describe, expect, it } from 'vitest';
import { keyPaths, missingKeys, type Catalog, type Dict } from './index';

// Every area file in this folder, including the ones pages register lazily.
const modules = import.meta.glob<Record<string, unknown>>(['./*.ts', '!./index.ts', '!./*.test.ts'], { eager: true });
const areaFiles = Object.keys(modules).map((p) => p.slice(2));

function isCatalog(value: unknown): value is Catalog {
  return !!value && typeof value === 'object' && 'en' in value && 'ar' in value;
}

describe('i18n catalogs', () => {
  it('finds the area files', () => {
    expect(areaFiles).toEqual(expect.arrayContaining(['common.ts', 'auth.ts', 'shell.ts', 'landing.ts']));
  });

  for (const file of areaFiles) {
    it(`${file}: en and ar hold the same keys, all non-empty`, () => {
      const mod = modules[`./${file}`];
      const catalogs = Object.values(mod).filter(isCatalog);
      expect(catalogs.length, `${file} exports { en, ar }`).toBeGreaterThan(0);
      for (const catalog of catalogs) {
        expect(missingKeys(catalog)).toEqual([]);
        for (const lang of ['en', 'ar'] as const) {
          const empty = keyPaths(catalog[lang]).filter((k) => !leaf(catalog[lang], k).trim());
          expect(empty, `${file} ${lang} empty values`).toEqual([]);
        }
      }
    });
  }

  it('detects a missing key', () => {
    expect(missingKeys({ en: { a: 'x', b: { c: 'y' } }, ar: { a: 'س' } })).toEqual(['ar:b.c']);
  });
});

function leaf(dict: Dict, path: string): string {
  const value = path.split('.').reduce<string | Dict>((d, k) => (d as Dict)[k], dict);
  return typeof value === 'string' ? value : '';
}
