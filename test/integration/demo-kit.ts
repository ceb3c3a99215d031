import { expect } from 'vitest';
import { DEMO_CREDENTIALS } from '../../shared/schemas/auth';
import { checkBooks } from './client';
import { login } from './fixtures';

/**
 * For the files that read the shared demo company (named `*.demo.int.test.ts`: the harness resets the demo before a
 * run only when one of them is selected). The demo's OWNER session, and its books' self-check all green.
 */
export const loginDemo = () => login(DEMO_CREDENTIALS.username, DEMO_CREDENTIALS.password);

export async function expectSelfCheckGreen(token: string) {
  const res = await checkBooks(token);
  expect(res.status).toBe(200);
  for (const c of res.body.checks) expect(c.passed, `${c.name}: ${JSON.stringify(c.details).slice(0, 400)}`).toBe(true);
  return res.body.checks as { name: string; passed: boolean }[];
}
