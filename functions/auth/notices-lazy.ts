import type { sendSecurityNotice as send } from './notices';

/**
 * The security notices (their wording in two languages, ~11 KB) load when one is sent, not at every cold start of
 * the auth and security Lambdas (the 250 KB bundle budget, test/infra/lambda-bundles.test.ts).
 */
export const sendSecurityNotice: typeof send = async (...args) =>
  (await import('./notices')).sendSecurityNotice(...args);
