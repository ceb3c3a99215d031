import { afterAll, describe, expect, it } from 'vitest';
import { addArea } from '../../../shared/i18n';
import { setLanguage, t } from './index';

/** Count messages (shared/i18n `isPlural`): the form of the count in the reader's language. */
addArea('pluralTest', {
  en: { rows: { one: '{{count}} row', other: '{{count}} rows' }, days: { one: '{{n}} day', other: '{{n}} days' } },
  ar: {
    rows: {
      zero: 'لا أسطر',
      one: 'سطر واحد',
      two: 'سطران',
      few: '{{count}} أسطر',
      many: '{{count}} سطرًا',
      other: '{{count}} سطر',
    },
    days: { one: 'يوم واحد', other: '{{n}} يوم' },
  },
});

afterAll(() => setLanguage('en'));

describe('plural messages', () => {
  it('English: one and other', () => {
    setLanguage('en');
    expect([0, 1, 2, 21].map((count) => t('pluralTest.rows', { count }))).toEqual([
      '0 rows',
      '1 row',
      '2 rows',
      '21 rows',
    ]);
    expect(t('pluralTest.days', { n: 1 })).toBe('1 day');
  });

  it('Arabic: the six forms, and `other` where a message lacks a form', () => {
    setLanguage('ar');
    expect([0, 1, 2, 3, 11, 100].map((count) => t('pluralTest.rows', { count }))).toEqual([
      'لا أسطر',
      'سطر واحد',
      'سطران',
      '3 أسطر',
      '11 سطرًا',
      '100 سطر',
    ]);
    expect(t('pluralTest.days', { n: 2 })).toBe('2 يوم');
  });
});
