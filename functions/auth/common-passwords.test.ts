import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS_ASSET } from '../../infra/stacks/bundling';
import { HttpError } from '../lib/errors';
import {
  assertUncommonPassword,
  COMMON_PASSWORD_COUNT,
  COMMON_PASSWORD_FILE,
  commonPasswords,
  isCommonPassword,
} from './common-passwords';

const LIST = Object.keys(COMMON_PASSWORDS_ASSET)[0]!;

describe('the 100,000 most common passwords (issue 31)', () => {
  it('holds exactly the first 100,000 lines of the ranked list the Lambda bundles ship', () => {
    expect(existsSync(join(process.cwd(), LIST))).toBe(true);
    const list = commonPasswords();
    // A few duplicates in the source would make this smaller; the SecLists list has none in its top 100k.
    expect(list.size).toBe(COMMON_PASSWORD_COUNT);
    expect(list.has('123456')).toBe(true);
    // Line 100,000 of the list is in, line 100,001 is not.
    expect(isCommonPassword('070162')).toBe(true);
    expect(isCommonPassword('07012006')).toBe(false);
  });

  it('the Lambdas ship exactly the lines read, under the name read (infra/stacks/bundling.ts)', () => {
    expect(COMMON_PASSWORDS_ASSET[LIST]).toEqual({ file: COMMON_PASSWORD_FILE, firstLines: COMMON_PASSWORD_COUNT });
  });

  it('refuses the common ones whatever their case, accepts the passwords the tests and demo use', () => {
    for (const p of ['password', 'PASSWORD', 'qwerty', '12345678', 'iloveyou', 'secret1', 'whatever'])
      expect(isCommonPassword(p), p).toBe(true);
    for (const p of ['demo1234', 'correct-horse', 'staff-pass-1', 'probe-pass-1', 'brand-new-1', 'Desert-Rose-77'])
      expect(isCommonPassword(p), p).toBe(false);
  });

  it('is a 400 with the clear message on the named field', () => {
    let caught: unknown;
    try {
      assertUncommonPassword('password1', 'newPassword');
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(HttpError);
    expect((caught as HttpError).status).toBe(400);
    expect((caught as HttpError).fields).toEqual({
      newPassword: 'This password is one of the most commonly used. Choose one that is harder to guess.',
    });
    expect(() => assertUncommonPassword('a-long-unusual-one', 'password')).not.toThrow();
  });
});
