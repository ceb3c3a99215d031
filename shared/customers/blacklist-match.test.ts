import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  matchBlacklist,
  nameKey,
  normalizeLicense,
  normalizeName,
  normalizePhone,
  toLatinDigits,
} from './blacklist-match';

describe('normalizeLicense', () => {
  it('strips spaces and dashes, upper-cases', () => {
    expect(normalizeLicense('ab-123 456')).toBe('AB123456');
    expect(normalizeLicense(' DL–99 88 ')).toBe('DL9988'); // en dash
    expect(normalizeLicense('ＡＢ１２３')).toBe('AB123'); // full-width
    expect(normalizeLicense('١٢٣-٤٥٦')).toBe('123456');
    expect(normalizeLicense(null)).toBe('');
    expect(normalizeLicense('')).toBe('');
  });
});

describe('normalizePhone', () => {
  it.each([
    ['+971 50 123 4567', '501234567'],
    ['00971501234567', '501234567'],
    ['971501234567', '501234567'],
    ['050 123 4567', '501234567'],
    ['+971 (0)50 123 4567', '501234567'],
    ['+966 55 123 4567', '551234567'],
    ['0551234567', '551234567'],
    ['+962 79 123 4567', '791234567'],
    ['079-123-4567', '791234567'],
    ['+1 (212) 555-0100', '2125550100'],
    ['1-212-555-0100', '2125550100'],
    ['212.555.0100', '2125550100'],
    ['971-555-0100', '9715550100'], // US area code 971, no country code: kept
    ['+44 20 7946 0958', '442079460958'], // unknown country code kept
    ['٠٥٠١٢٣٤٥٦٧', '501234567'], // Arabic-Indic digits
    ['', ''],
  ])('%s → %s', (input, expected) => {
    expect(normalizePhone(input)).toBe(expected);
  });

  it('Saudi landlines starting with 1 keep their digits', () => {
    expect(normalizePhone('011 234 5678')).toBe('112345678');
    expect(normalizePhone('+966 11 234 5678')).toBe('112345678');
  });

  it('international and local spellings of a UAE mobile agree (property)', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^5[0-9]{8}$/),
        fc.constantFrom('+971 ', '00971', '971', '0', '+971 0'),
        (national, prefix) => {
          expect(normalizePhone(prefix + national)).toBe(national);
        },
      ),
    );
  });
});

describe('normalizeName', () => {
  it('English: case, diacritics, punctuation, whitespace', () => {
    expect(normalizeName('Mohammed Al-Hashimi')).toBe('mohammed al hashimi');
    expect(normalizeName('  MOHAMMED   AL-HASHIMI ')).toBe('mohammed al hashimi');
    expect(normalizeName('José')).toBe('jose');
    expect(normalizeName('Zoë Ångström-Müller')).toBe('zoe angstrom muller');
    expect(normalizeName("O'Brien")).toBe('obrien');
    expect(normalizeName('Straße Øster Łukasz')).toBe('strasse oster lukasz');
  });

  it('Arabic: tashkeel, tatweel and letter forms', () => {
    expect(normalizeName('مُحَمَّد')).toBe('محمد');
    expect(normalizeName('محـــمد')).toBe('محمد');
    expect(normalizeName('أحمد')).toBe('احمد');
    expect(normalizeName('إبراهيم')).toBe('ابراهيم');
    expect(normalizeName('آمنة')).toBe('امنه');
    expect(normalizeName('ٱلله')).toBe('الله');
    expect(normalizeName('مصطفى')).toBe('مصطفي');
    expect(normalizeName('فاطمة')).toBe('فاطمه');
    expect(normalizeName('مؤمن')).toBe('مومن');
    expect(normalizeName('هانئ')).toBe('هاني');
    expect(normalizeName('  عبد   الله  ')).toBe('عبد الله');
  });

  it('Arabic presentation forms fold to the base letters', () => {
    expect(normalizeName('\uFEE3\uFEA4\uFEE4\uFEA9')).toBe('محمد');
  });

  it('is idempotent (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(..."aAéÉ -'ßأإآٱىةؤئمحدُ َّـ ") }), (s) => {
        const once = normalizeName(s);
        expect(normalizeName(once)).toBe(once);
        expect(nameKey(once)).toBe(nameKey(s));
      }),
    );
  });
});

describe('nameKey', () => {
  it('ignores spaces between parts', () => {
    expect(nameKey('Abdul Rahman')).toBe(nameKey('Abdulrahman'));
    expect(nameKey('عبد الله')).toBe(nameKey('عبدالله'));
  });
});

describe('toLatinDigits', () => {
  it('converts Arabic-Indic and Persian digits', () => {
    expect(toLatinDigits('٠١٢٣٤٥٦٧٨٩ ۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789 0123456789');
  });
});

describe('matchBlacklist', () => {
  const entries = [
    {
      id: 'b1',
      fullName: 'MOHAMMED AL-HASHIMI',
      licenseNumber: 'DXB 123-456',
      phoneNumber: '+971 50 111 2222',
      status: 'active',
      reason: 'Unpaid fines',
    },
    {
      id: 'b2',
      fullName: 'Jose Garcia',
      licenseNumber: 'CA-99',
      phoneNumber: '+1 212 555 0100',
      status: 'reviewed',
      reason: 'Damage',
    },
    { id: 'b3', fullName: 'احمد', licenseNumber: 'JO 77', phoneNumber: '0791234567', status: 'removed', reason: 'Old' },
    { id: 'b4', fullName: 'محمد العلي', licenseNumber: '', phoneNumber: '', status: 'active', reason: 'Fraud' },
    { id: 'b5', fullName: 'احمد', licenseNumber: null, phoneNumber: null, status: 'active', reason: 'Theft' },
  ];

  it('matches an English name ignoring case and punctuation', () => {
    const m = matchBlacklist({ fullNameEnglish: 'Mohammed Al-Hashimi' }, entries);
    expect(m.map((x) => [x.entry.id, x.reasons, x.strong])).toEqual([['b1', ['name'], false]]);
  });

  it('matches José against Jose (reviewed entries count)', () => {
    const m = matchBlacklist({ fullNameEnglish: 'José García' }, entries);
    expect(m.map((x) => x.entry.id)).toEqual(['b2']);
  });

  it('matches Arabic names with hamza and tashkeel differences; removed entries never match', () => {
    expect(
      matchBlacklist({ fullNameEnglish: 'Ahmad', fullNameArabic: 'أحمد' }, entries).map((x) => x.entry.id),
    ).toEqual(['b5']);
    expect(matchBlacklist({ fullNameArabic: 'مُحَمَّد العَلِي' }, entries).map((x) => x.entry.id)).toEqual(['b4']);
  });

  it('matches by licence and phone with every reason listed', () => {
    const m = matchBlacklist(
      { fullNameEnglish: 'Mohamed Hashimi', licenseNumber: 'dxb123456', phone: '0501112222' },
      entries,
    );
    expect(m).toHaveLength(1);
    expect(m[0].reasons).toEqual(['license', 'phone']);
    expect(m[0].strong).toBe(true);
    const all = matchBlacklist(
      { fullNameEnglish: 'mohammed al hashimi', licenseNumber: 'DXB123456', phone: '+971501112222' },
      entries,
    );
    expect(all[0].reasons).toEqual(['license', 'phone', 'name']);
  });

  it('a removed entry does not match even on licence and phone', () => {
    expect(matchBlacklist({ licenseNumber: 'JO-77', phone: '+962 79 123 4567' }, entries)).toEqual([]);
  });

  it('empty values never match', () => {
    expect(
      matchBlacklist({ fullNameEnglish: '', fullNameArabic: null, licenseNumber: '', phone: '' }, entries),
    ).toEqual([]);
    expect(matchBlacklist({ fullNameEnglish: '  - ', licenseNumber: ' - ', phone: '+' }, entries)).toEqual([]);
  });

  it('short phone numbers are not compared', () => {
    const e = [{ fullName: 'X', licenseNumber: 'L1', phoneNumber: '12345', status: 'active' }];
    expect(matchBlacklist({ phone: '12345' }, e)).toEqual([]);
  });

  it('unrelated customers do not match', () => {
    expect(
      matchBlacklist({ fullNameEnglish: 'Sara Smith', licenseNumber: 'NY-1', phone: '+1 917 555 0199' }, entries),
    ).toEqual([]);
  });

  it('a customer always matches an active entry made from their own details (property)', () => {
    const nameArb = fc
      .string({ unit: fc.constantFrom(...'abcdeéAB -أحمدُ'), minLength: 1, maxLength: 20 })
      .filter((n) => nameKey(n) !== '');
    fc.assert(
      fc.property(nameArb, fc.stringMatching(/^[A-Z0-9]{4,10}$/), fc.stringMatching(/^5[0-9]{8}$/), (name, lic, ph) => {
        const entry = {
          fullName: name.toUpperCase(),
          licenseNumber: lic.toLowerCase(),
          phoneNumber: `+971${ph}`,
          status: 'active',
        };
        const m = matchBlacklist({ fullNameEnglish: name, licenseNumber: lic, phone: `0${ph}` }, [entry]);
        expect(m).toHaveLength(1);
        expect(m[0].reasons).toEqual(['license', 'phone', 'name']);
        expect(
          matchBlacklist({ fullNameEnglish: name, licenseNumber: lic, phone: `0${ph}` }, [
            { ...entry, status: 'removed' },
          ]),
        ).toEqual([]);
      }),
    );
  });
});
