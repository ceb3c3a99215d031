/**
 * The shared sign-in/sign-up zod schemas, loaded on demand: zod is ~60 KB gzip, and the
 * sign-in route's initial JS budget is 150 KB. The page starts this load when the user first
 * focuses or touches a form, so it is ready long before the first submit.
 */
type AuthSchemas = typeof import('../../../../shared/schemas/auth');

let pending: Promise<AuthSchemas> | undefined;

export function loadAuthSchemas(): Promise<AuthSchemas> {
  if (!pending) {
    pending = import('../../../../shared/schemas/auth').catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
  }
  return pending;
}
