import { describe, expect, it } from 'vitest';
import { analytics } from './analytics';
import { collections } from './collections';
import { documents } from './documents';
import { isPlural, keyPaths, messageText, missingKeys, pluralForm, type Catalog, type Dict } from './index';
import { tickets } from './tickets';

// Every area file in this folder, including the ones pages register lazily (plural.ts is the plural rules).
const modules = import.meta.glob<Record<string, unknown>>(['./*.ts', '!./index.ts', '!./plural.ts', '!./*.test.ts'], {
  eager: true,
});
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
          // A plural message has the form of every category its language uses, or it would fall back to `other`.
          const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
          for (const k of keyPaths(catalog[lang])) {
            const value = at(catalog[lang], k);
            if (isPlural(value))
              expect(Object.keys(value).sort(), `${file} ${lang} ${k}`).toEqual([...categories].sort());
          }
        }
      }
    });
  }

  it('plural forms: English one/other, Arabic zero/one/two/few/many/other', () => {
    expect([0, 1, 2, 5].map((n) => pluralForm('en', n))).toEqual(['other', 'one', 'other', 'other']);
    expect([0, 1, 2, 3, 10, 11, 99, 100, 101].map((n) => pluralForm('ar', n))).toEqual([
      'zero',
      'one',
      'two',
      'few',
      'few',
      'many',
      'many',
      'other',
      'other',
    ]);
    expect(isPlural({ one: 'a', other: 'b' })).toBe(true);
    expect(isPlural({ one: 'a' })).toBe(false);
    expect(isPlural({ title: 'a', other: 'b' })).toBe(false);
    // A plural message is one key: English and Arabic compare by it, whatever forms each has.
    expect(
      missingKeys({ en: { n: { one: 'x', other: 'y' } }, ar: { n: { zero: 'a', one: 'b', other: 'c' } } }),
    ).toEqual([]);
  });

  it('detects a missing key', () => {
    expect(missingKeys({ en: { a: 'x', b: { c: 'y' } }, ar: { a: 'س' } })).toEqual(['ar:b.c']);
  });
});

function at(dict: Dict, path: string): string | Dict {
  return path.split('.').reduce<string | Dict>((d, k) => (d as Dict)[k], dict);
}

/** A leaf's text (a plural message: its forms joined, so one empty form shows as empty). */
function leaf(dict: Dict, path: string): string {
  const value = at(dict, path);
  if (isPlural(value)) return Object.values(value).every((form) => form.trim()) ? value.other : '';
  return typeof value === 'string' ? value : '';
}

describe('counts worded by their count', () => {
  // Each of these can be 1 on a real page or e-mail (a one-car company, a toll, a deposit returned yesterday).
  const counted = [
    [analytics, 'dashboard.ofFleet', 'count', ['of 1 vehicle', 'of 2 vehicles'], ['من مركبة واحدة', 'من مركبتين']],
    [
      analytics,
      'dashboard.idleFor',
      'count',
      ['Idle 1 day', 'Idle 2 days'],
      ['متوقفة منذ يوم واحد', 'متوقفة منذ يومين'],
    ],
    [tickets, 'rentalSalikTotal', 'count', ['(1 passage)', '(2 passages)'], ['(عبور واحد)', '(عبوران)']],
    [collections, 'detail.returned_with_balance', 'count', ['1 day ago', '2 days ago'], ['منذ يوم واحد', 'منذ يومين']],
    [documents, 'reminder.daysAgo', 'n', ['Expired 1 day ago', 'Expired 2 days ago'], ['منذ يوم واحد', 'منذ يومين']],
  ] as const;
  it.each(counted)('%#: one and two in English and Arabic', (catalog, path, param, en, ar) => {
    for (const [lang, want] of [
      ['en', en],
      ['ar', ar],
    ] as const)
      [1, 2].forEach((n, i) => {
        const text = messageText(lang, at((catalog as Catalog)[lang], path) as Dict, {
          [param]: n,
          amount: 'x',
          returnDate: 'x',
        });
        expect(text).toContain(want[i]);
        expect(text).not.toContain('{{');
      });
  });
});
