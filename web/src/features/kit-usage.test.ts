/**
 * The web kit's guard (KIT.md, DESIGN.md §13): features build tables with `ListTable` and submit
 * forms with `useFormSubmit`, never their own copy. A file that renders a raw `<table` or
 * hand-rolls the submit plumbing (its own `issuesToErrors` or mapping of `parsed.error.issues`
 * after a `safeParse`, or the API error's `.fields` put into its own state) fails here unless
 * the allow-list below names it with the reason. The allow-lists may only shrink: an entry whose
 * file no longer needs it fails too.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const FEATURES = resolve('web/src/features');

/** Files (relative to web/src/features) that may render a raw `<table`, with the reason. */
const RAW_TABLE_ALLOWED: Record<string, string> = {
  'rentals/FleetCalendar.tsx': 'a vehicles × days grid (sticky vehicle column, day blocks), not a list of records',
};

/** Files that may hand-roll a form submit, with the reason. */
const HAND_ROLLED_SUBMIT_ALLOWED: Record<string, string> = {
  'auth/AuthPage.tsx':
    'sign-in and sign-up load their schemas on submit (kept off the /auth first paint) and read the auth catalog',
};

const RAW_TABLE = /<table\b/;
const HAND_ROLLED_SUBMIT = [
  /\bissuesToErrors\(/,
  /\.error\.issues\b/,
  /(?<!\.)\bset[A-Z]\w*\(\s*(?:\([^)]*\)\s*=>\s*)?[^;]*?\b(?:translateApiError|toastApiError)\([^;]*?\)\.fields/,
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

const files = sources(FEATURES).map((path) => ({
  name: relative(FEATURES, path).split('\\').join('/'),
  text: readFileSync(path, 'utf8'),
}));
const rawTables = files.filter((f) => RAW_TABLE.test(f.text)).map((f) => f.name);
const handRolled = files.filter((f) => HAND_ROLLED_SUBMIT.some((re) => re.test(f.text))).map((f) => f.name);

describe('features use the web kit', () => {
  it('reads the feature sources', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.some((f) => f.name === 'vehicles/VehiclesPage.tsx')).toBe(true);
  });

  it('renders tables through ListTable (no raw <table> outside the allow-list)', () => {
    expect(rawTables.filter((name) => !(name in RAW_TABLE_ALLOWED))).toEqual([]);
  });

  it('submits forms through useFormSubmit (no hand-rolled field-error plumbing outside the allow-list)', () => {
    expect(handRolled.filter((name) => !(name in HAND_ROLLED_SUBMIT_ALLOWED))).toEqual([]);
  });

  it('keeps the allow-lists exact: every entry still needs its exception and says why', () => {
    expect(Object.keys(RAW_TABLE_ALLOWED).filter((name) => !rawTables.includes(name))).toEqual([]);
    expect(Object.keys(HAND_ROLLED_SUBMIT_ALLOWED).filter((name) => !handRolled.includes(name))).toEqual([]);
    for (const reason of [...Object.values(RAW_TABLE_ALLOWED), ...Object.values(HAND_ROLLED_SUBMIT_ALLOWED)]) {
      expect(reason.length).toBeGreaterThan(20);
    }
  });

  it('catches the patterns it guards against', () => {
    expect(RAW_TABLE.test('<table className="w-full">')).toBe(true);
    expect(HAND_ROLLED_SUBMIT.some((re) => re.test('setErrors(issuesToErrors(t, parsed.error.issues));'))).toBe(true);
    expect(HAND_ROLLED_SUBMIT.some((re) => re.test("setErrors(toastApiError(u('saveFailed'), error).fields);"))).toBe(
      true,
    );
    expect(HAND_ROLLED_SUBMIT.some((re) => re.test("return toastApiError(t('x'), error).fields;"))).toBe(false);
  });
});
