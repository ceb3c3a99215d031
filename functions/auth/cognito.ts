import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminInitiateAuthCommand,
  AdminSetUserPasswordCommand,
  RevokeTokenCommand,
  type AuthenticationResultType,
} from '@aws-sdk/client-cognito-identity-provider';
import { USER_POOL } from '../../infra/table-definition';
import { cognitoClient } from '../lib/clients/cognito';
import { config } from '../lib/config';
import { conflict, unauthorized, validationFailed } from '../lib/errors';
import { assertUncommonPassword } from './common-passwords';

/**
 * The few Cognito calls identity needs. Cognito holds credentials only: tenant, role and status
 * live in our user item (DESIGN.md §6). Works against AWS and cognito-local alike; where
 * cognito-local differs (no ExpiresIn, GlobalSignOut 500s) we use what both support.
 */
export interface Tokens {
  accessToken: string;
  refreshToken: string;
  /** Seconds until the access token expires. */
  expiresIn: number;
}

export const INVALID_CREDENTIALS = 'Invalid username or password';

/** Seconds until a JWT's `exp` (cognito-local answers without ExpiresIn). */
export function secondsUntilExpiry(jwt: string, now = Date.now()): number {
  try {
    const payload = JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: number };
    if (typeof payload.exp === 'number') return Math.max(0, Math.floor(payload.exp - now / 1000));
  } catch {
    // fall through to the pool's configured lifetime
  }
  return USER_POOL.accessTokenMinutes * 60;
}

/** The `sub` claim of a JWT, unverified: only for tokens Cognito has just handed to us. */
export function subOf(jwt: string): string | undefined {
  try {
    return (JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sub?: string }).sub;
  } catch {
    return undefined;
  }
}

function toTokens(result: AuthenticationResultType | undefined, previousRefreshToken?: string): Tokens {
  if (!result?.AccessToken) throw unauthorized(INVALID_CREDENTIALS);
  return {
    accessToken: result.AccessToken,
    refreshToken: result.RefreshToken ?? previousRefreshToken ?? '',
    expiresIn: result.ExpiresIn ?? secondsUntilExpiry(result.AccessToken),
  };
}

const isCredentialError = (err: unknown) =>
  [
    'NotAuthorizedException',
    'UserNotFoundException',
    'InvalidPasswordException',
    'PasswordResetRequiredException',
    'UserNotConfirmedException',
  ].includes((err as { name?: string })?.name ?? '');

/** Password sign-in. Wrong password and unknown user give the same 401 (no user enumeration). */
export async function passwordAuth(username: string, password: string): Promise<Tokens> {
  const c = config();
  try {
    const res = await cognitoClient().send(
      new AdminInitiateAuthCommand({
        UserPoolId: c.userPoolId,
        ClientId: c.userPoolClientId,
        AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: username, PASSWORD: password },
      }),
    );
    return toTokens(res.AuthenticationResult);
  } catch (err) {
    if (isCredentialError(err)) throw unauthorized(INVALID_CREDENTIALS);
    throw err;
  }
}

export async function refreshAuth(refreshToken: string): Promise<Tokens> {
  const c = config();
  try {
    const res = await cognitoClient().send(
      new AdminInitiateAuthCommand({
        UserPoolId: c.userPoolId,
        ClientId: c.userPoolClientId,
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        AuthParameters: { REFRESH_TOKEN: refreshToken },
      }),
    );
    return toTokens(res.AuthenticationResult, refreshToken);
  } catch (err) {
    const name = (err as { name?: string })?.name ?? '';
    if (isCredentialError(err) || name === 'InvalidParameterException') {
      throw unauthorized('Your session has expired. Please sign in again.');
    }
    throw err;
  }
}

/** Revokes a refresh token (and the access tokens it issued). Failures are harmless by contract. */
export async function revokeRefreshToken(refreshToken: string): Promise<boolean> {
  try {
    await cognitoClient().send(new RevokeTokenCommand({ Token: refreshToken, ClientId: config().userPoolClientId }));
    return true;
  } catch {
    return false;
  }
}

/**
 * Creates a confirmed Cognito user with a permanent password and returns its `sub`. No e-mail is
 * sent (MessageAction SUPPRESS): the company creates staff accounts and hands out the password.
 */
export async function createCognitoUser(input: {
  username: string;
  password: string;
  email?: string;
  tenantId: string;
}): Promise<string> {
  // Sign-up and staff creation both come here: a common password is refused before anything is created.
  assertUncommonPassword(input.password, 'password');
  const c = config();
  const attributes = [{ Name: `custom:${USER_POOL.tenantAttribute}`, Value: input.tenantId }];
  if (input.email) attributes.push({ Name: 'email', Value: input.email });
  let created;
  try {
    created = await cognitoClient().send(
      new AdminCreateUserCommand({
        UserPoolId: c.userPoolId,
        Username: input.username,
        MessageAction: 'SUPPRESS',
        UserAttributes: attributes,
      }),
    );
  } catch (err) {
    const name = (err as { name?: string })?.name;
    if (name === 'UsernameExistsException')
      throw conflict('Username is already taken', { username: 'Username is already taken' }, 'DUPLICATE');
    if (name === 'InvalidParameterException' && /username/i.test((err as Error).message))
      throw validationFailed({ username: 'Username may not contain spaces or #' });
    throw err;
  }
  const sub = created.User?.Attributes?.find((a) => a.Name === 'sub')?.Value;
  try {
    await cognitoClient().send(
      new AdminSetUserPasswordCommand({
        UserPoolId: c.userPoolId,
        Username: input.username,
        Password: input.password,
        Permanent: true,
      }),
    );
    if (!sub) throw new Error('Cognito created a user without a sub');
  } catch (err) {
    await deleteCognitoUser(input.username);
    if ((err as { name?: string })?.name === 'InvalidPasswordException') {
      throw validationFailed({ password: 'Password must be at least 6 characters' });
    }
    throw err;
  }
  return sub;
}

/** Deletes a Cognito user; used to undo a half-finished sign-up and to remove staff. */
export async function deleteCognitoUser(username: string): Promise<void> {
  try {
    await cognitoClient().send(new AdminDeleteUserCommand({ UserPoolId: config().userPoolId, Username: username }));
  } catch (err) {
    if ((err as { name?: string })?.name !== 'UserNotFoundException') throw err;
  }
}

/** Sets a user's password (permanent): the password change, after the current one was checked. */
export async function setPassword(username: string, password: string): Promise<void> {
  try {
    await cognitoClient().send(
      new AdminSetUserPasswordCommand({
        UserPoolId: config().userPoolId,
        Username: username,
        Password: password,
        Permanent: true,
      }),
    );
  } catch (err) {
    if ((err as { name?: string })?.name === 'InvalidPasswordException')
      throw validationFailed({ newPassword: 'Password must be at least 6 characters' });
    throw err;
  }
}
