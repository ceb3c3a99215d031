import { ulid } from 'ulid';
import type { RequestCtx } from '../lib/http';
import { auditItem } from '../lib/data/audit';
import { transact, tx, type Item } from '../lib/data/repo';
import { cancellationCodes, conflict, isConditionFailure, validationFailed } from '../lib/errors';
import type { RegisterBody } from '../../shared/schemas/auth';
import { createCognitoUser, deleteCognitoUser, passwordAuth } from './cognito';
import {
  assertAvailable,
  duplicateFromCancellation,
  normalizeUsername,
  sessionUser,
  splitFullName,
  userItems,
  type UserEntity,
} from './users';
import { tenantItems, pickFreeSlug } from './tenant';
import { setUpBooks } from './deps';
import { startSession } from './sessions';
import { signinOrigin } from './signin-context';

/** What a sign-up or sign-in needs from the request: its body, id (for the audit item) and logger. */
export type UseCaseCtx<B> = Pick<RequestCtx<B>, 'body' | 'requestId' | 'log'> &
  Partial<Pick<RequestCtx<B>, 'headers' | 'event'>>;

/**
 * POST /api/register. Order matters for "all or nothing": duplicates are refused before anything
 * is created; then the Cognito user; then ONE transaction with the tenant, its settings, the
 * OWNER user, the uniqueness items and the audit item. If the transaction fails the Cognito user
 * is deleted again, so a failed sign-up leaves nothing behind.
 */
export async function register(ctx: UseCaseCtx<RegisterBody>) {
  const body = ctx.body;
  const username = normalizeUsername(body.username);
  if (/[\s#\u0000-\u001f]/.test(username)) {
    throw validationFailed({ username: 'Username may not contain spaces or #' });
  }
  await assertAvailable(username, body.email);

  const tenantId = ulid();
  const userId = ulid();
  const slug = await pickFreeSlug(body.tenantName);
  const sub = await createCognitoUser({ username, password: body.password, email: body.email, tenantId });

  const now = new Date().toISOString();
  const { firstName, lastName } = splitFullName(body.fullNameEnglish);
  const { user, globals } = userItems({
    tenantId,
    userId,
    sub,
    username,
    email: body.email,
    firstName,
    lastName,
    fullNameArabic: body.fullNameArabic ?? null,
    role: 'OWNER',
    now,
  });
  // Issue 26: the company is created in the region the user picked (US when the body has none):
  // its currency, time zone and VAT rate now, its chart, tax codes and VAT return just below.
  const region = body.region ?? 'US';
  const tenant = tenantItems({
    tenantId,
    name: body.tenantName,
    slug,
    email: body.email,
    ownerUserId: userId,
    region,
    timezone: body.timezone,
    now,
  });
  const items: Item[] = [
    ...tenant,
    user,
    ...globals,
    auditItem({ tenantId, userId, username, requestId: ctx.requestId }, 'tenant.register', 'TENANT', tenantId, {
      after: { name: body.tenantName, slug, owner: username, region },
    }),
  ];
  try {
    await transact(items.map((it) => tx.putNew(it)));
  } catch (err) {
    await deleteCognitoUser(username);
    if (isConditionFailure(err)) {
      throw (
        duplicateFromCancellation(items, cancellationCodes(err)) ??
        conflict('This company name was just taken by another sign-up. Please try again.')
      );
    }
    throw err;
  }
  ctx.log.info('tenant registered', { slug });
  // The company's chart of accounts, in its region (passed: the settings just written may not be
  // visible to an eventually consistent read yet). Not part of the sign-up transaction (~100
  // items); if it fails here, accounting creates it idempotently on first use from the settings.
  await setUpBooks(tenantId, region).catch((err) =>
    ctx.log.warn('chart of accounts not created at sign-up', { error: String(err) }),
  );

  const tokens = await passwordAuth(username, body.password);
  await startSession({ tenantId, userId, username }, tokens, signinOrigin(ctx));
  return { success: true as const, tokens, user: sessionUser(user as unknown as UserEntity) };
}
