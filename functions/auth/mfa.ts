import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { keys, tenantPk } from '../lib/data/keys';
import { deleteItem, getItem, putItem, transact, tx, updateRaw, type Item } from '../lib/data/repo';
import { auditItem } from '../lib/data/audit';
import { conflict, isConditionFailure, unauthorized, validationFailed } from '../lib/errors';
import type { Actor } from '../lib/actor';
import { MFA_MESSAGES } from '../../shared/schemas/security';
import type { Tokens } from './cognito';
import type { NoticeFacts } from './notices';
import { sendSecurityNotice } from './notices-lazy';

/** Where a change was made from (the security email says it). */
export type NoticeWhere = Pick<NoticeFacts, 'ip' | 'country' | 'userAgent'>;

/**
 * MFA with an authenticator app (TOTP, RFC 6238: SHA-1, 6 digits, 30 s, one step of clock
 * drift either way). T#{tenant}#MFA / {userId} holds the secret (pending until the first code
 * is verified, then enabled) and the SHA-256 hashes of 10 recovery codes, each usable once.
 *
 * Sign-in with MFA: the password step (login.ts) ends in a challenge instead of tokens. The
 * tokens Cognito gave are kept for 5 minutes in G#MFACHAL#{id}, encrypted (AES-256-GCM) with a
 * key only the browser holds (the challenge string is `{id}.{key}`), so the table alone never
 * reveals them; `POST /api/auth/login/mfa` with the code decrypts and hands them over, once.
 * Five wrong codes end the challenge.
 */
export const RECOVERY_CODE_COUNT = 10;
const CHALLENGE_TTL_S = 5 * 60;
const MAX_CHALLENGE_ATTEMPTS = 5;
const mfaKey = (tenantId: string, userId: string) => ({ pk: tenantPk(tenantId, 'MFA'), sk: userId });
const sha = (s: string) => createHash('sha256').update(s).digest('hex');
const normalizeRecovery = (c: string) => c.replace(/[\s-]/g, '').toLowerCase();

export function totpFor(secretBase32: string, label: string): TOTP {
  return new TOTP({
    issuer: 'Sayyara',
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secretBase32),
  });
}

/**
 * Pure check (unit-tested with a fixed clock): the RFC 6238 time step `code` belongs to for the secret at
 * `timestamp` (one step of drift either way), or null when it is not valid.
 */
export function totpStep(secretBase32: string, code: string, timestamp = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpFor(secretBase32, 'x').validate({ token: code, timestamp, window: 1 });
  return delta === null ? null : Math.floor(timestamp / 1000 / 30) + delta;
}

export function totpValid(secretBase32: string, code: string, timestamp = Date.now()): boolean {
  return totpStep(secretBase32, code, timestamp) !== null;
}

/** What a second-factor check found: the method that passed, a replayed code, or nothing valid. */
export type SecondFactorResult = 'totp' | 'recovery' | 'replay' | false;
export const secondFactorPassed = (r: SecondFactorResult): r is 'totp' | 'recovery' => r === 'totp' || r === 'recovery';

export async function readMfa(tenantId: string, userId: string): Promise<Item | undefined> {
  return getItem(mfaKey(tenantId, userId));
}

export async function mfaEnabled(tenantId: string, userId: string): Promise<boolean> {
  return (await readMfa(tenantId, userId))?.enabled === true;
}

export async function setupMfa(actor: Actor) {
  const current = await readMfa(actor.tenantId, actor.userId);
  if (current?.enabled) throw conflict(MFA_MESSAGES.alreadyEnabled);
  const secret = new Secret({ size: 20 }).base32;
  await putItem({
    ...mfaKey(actor.tenantId, actor.userId),
    entityType: 'MFA',
    enabled: false,
    pendingSecret: secret,
    createdAt: new Date().toISOString(),
  });
  const uri = totpFor(secret, actor.username).toString();
  const { toDataURL } = await import('qrcode');
  return { secret, otpauthUri: uri, qrCode: await toDataURL(uri, { margin: 1, width: 220 }) };
}

function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = randomBytes(5).toString('hex');
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
}

export async function verifyMfaSetup(actor: Actor, code: string, where: NoticeWhere = {}) {
  const current = await readMfa(actor.tenantId, actor.userId);
  if (current?.enabled) throw conflict(MFA_MESSAGES.alreadyEnabled);
  if (!current?.pendingSecret) throw conflict(MFA_MESSAGES.noSetup);
  const step = totpStep(String(current.pendingSecret), code);
  if (step === null) throw validationFailed({ code: MFA_MESSAGES.codeWrong });
  const recoveryCodes = newRecoveryCodes();
  try {
    await transact([
      // The setup code's step is the first one used: it cannot then complete a sign-in. Conditional on the
      // same pending secret, so two parallel confirmations do not both hand out recovery codes.
      tx.raw('Put', {
        Item: {
          ...mfaKey(actor.tenantId, actor.userId),
          entityType: 'MFA',
          enabled: true,
          secret: current.pendingSecret,
          lastTotpStep: step,
          recoveryHashes: recoveryCodes.map((c) => sha(normalizeRecovery(c))),
          enabledAt: new Date().toISOString(),
        },
        ConditionExpression: 'enabled = :f AND pendingSecret = :s',
        ExpressionAttributeValues: { ':f': false, ':s': current.pendingSecret },
      }),
      tx.put(auditItem(actor, 'auth.mfa_enabled', 'USER', actor.userId)),
    ]);
  } catch (err) {
    if (isConditionFailure(err)) throw conflict(MFA_MESSAGES.alreadyEnabled);
    throw err;
  }
  await sendSecurityNotice(actor, 'mfaEnabled', { at: new Date().toISOString(), ...where });
  return { success: true as const, recoveryCodes };
}

/**
 * A code (TOTP) or a recovery code, for sign-in and for turning MFA off. A recovery code is
 * removed with a condition that it is still there, so it works exactly once even in parallel.
 */
export async function checkSecondFactor(tenantId: string, userId: string, code: string): Promise<SecondFactorResult> {
  const mfa = await readMfa(tenantId, userId);
  if (!mfa?.enabled) return false;
  const step = totpStep(String(mfa.secret), code.trim());
  if (step !== null) {
    // RFC 6238 §5.2: a code is accepted once. The write that accepts it stores its step, on the condition
    // that no later or equal step was used: a second use (even in parallel) fails the condition.
    try {
      await updateRaw({
        Key: mfaKey(tenantId, userId),
        UpdateExpression: 'SET lastTotpStep = :s',
        ConditionExpression: 'enabled = :t AND (attribute_not_exists(lastTotpStep) OR lastTotpStep < :s)',
        ExpressionAttributeValues: { ':s': step, ':t': true },
      });
      return 'totp';
    } catch (err) {
      if (isConditionFailure(err)) return 'replay';
      throw err;
    }
  }
  const hash = sha(normalizeRecovery(code));
  const hashes = (mfa.recoveryHashes as string[] | undefined) ?? [];
  const index = hashes.indexOf(hash);
  if (index < 0) return false;
  try {
    await updateRaw({
      Key: mfaKey(tenantId, userId),
      UpdateExpression: `REMOVE recoveryHashes[${index}]`,
      ConditionExpression: `recoveryHashes[${index}] = :h`,
      ExpressionAttributeValues: { ':h': hash },
    });
    return 'recovery';
  } catch {
    return false;
  }
}

export async function disableMfa(actor: Actor, code: string, where: NoticeWhere = {}) {
  const mfa = await readMfa(actor.tenantId, actor.userId);
  if (!mfa?.enabled) throw conflict(MFA_MESSAGES.notEnabled);
  const result = await checkSecondFactor(actor.tenantId, actor.userId, code);
  if (!secondFactorPassed(result)) {
    if (result === 'replay') await putItem(auditItem(actor, 'auth.mfa_replay', 'USER', actor.userId));
    throw validationFailed({ code: MFA_MESSAGES.codeWrong });
  }
  await transact([
    tx.delete(mfaKey(actor.tenantId, actor.userId)),
    tx.put(auditItem(actor, 'auth.mfa_disabled', 'USER', actor.userId)),
  ]);
  await sendSecurityNotice(actor, 'mfaDisabled', { at: new Date().toISOString(), ...where });
  return { success: true as const };
}

// --- The sign-in challenge ---------------------------------------------------------------

export async function createChallenge(
  who: { tenantId: string; userId: string; username: string },
  tokens: Tokens,
  origin: unknown,
): Promise<string> {
  const id = randomBytes(16).toString('hex');
  const key = randomBytes(32);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(JSON.stringify(tokens), 'utf8'), cipher.final()]);
  await putItem({
    ...keys.global.mfaChallenge(id),
    entityType: 'MFA_CHALLENGE',
    ...who,
    origin,
    attempts: 0,
    sealed: sealed.toString('base64'),
    iv: iv.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
    ttl: Math.floor(Date.now() / 1000) + CHALLENGE_TTL_S,
  });
  return `${id}.${key.toString('base64url')}`;
}

export async function completeChallenge(
  challenge: string,
  code: string,
): Promise<{
  who: { tenantId: string; userId: string; username: string };
  tokens: Tokens;
  origin: unknown;
  method: 'totp' | 'recovery';
}> {
  const [id, keyText] = challenge.split('.');
  const item = id && /^[0-9a-f]{32}$/.test(id) ? await getItem(keys.global.mfaChallenge(id)) : undefined;
  if (!item || Number(item.ttl) < Date.now() / 1000) throw unauthorized(MFA_MESSAGES.challengeExpired);
  const who = { tenantId: String(item.tenantId), userId: String(item.userId), username: String(item.username) };
  const method = await checkSecondFactor(who.tenantId, who.userId, code);
  if (!secondFactorPassed(method)) {
    const updated = await updateRaw({
      Key: keys.global.mfaChallenge(id!),
      UpdateExpression: 'ADD attempts :one',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':one': 1 },
      ReturnValues: 'ALL_NEW',
    }).catch(() => undefined);
    if (!updated || Number(updated.attempts) >= MAX_CHALLENGE_ATTEMPTS) await deleteItem(keys.global.mfaChallenge(id!));
    // A replayed code gets the same answer as a wrong one; the audit log tells them apart.
    const action = method === 'replay' ? 'auth.mfa_replay' : 'auth.mfa_failed';
    await putItem(auditItem({ ...who }, action, 'USER', who.userId));
    throw validationFailed({ code: MFA_MESSAGES.codeWrong });
  }
  await deleteItem(keys.global.mfaChallenge(id!));
  try {
    const decipher = createDecipheriv(
      'aes-256-gcm',
      Buffer.from(keyText ?? '', 'base64url'),
      Buffer.from(String(item.iv), 'base64'),
    );
    decipher.setAuthTag(Buffer.from(String(item.tag), 'base64'));
    const tokens = JSON.parse(
      Buffer.concat([decipher.update(Buffer.from(String(item.sealed), 'base64')), decipher.final()]).toString('utf8'),
    ) as Tokens;
    return { who, tokens, origin: item.origin, method };
  } catch {
    throw unauthorized(MFA_MESSAGES.challengeExpired);
  }
}
