import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * How the e-invoicing secrets are protected at rest (decided for issue 29):
 * 1. The DynamoDB table's server-side encryption (every item, as the rest of the data);
 * 2. an application-level envelope: AES-256-GCM with a 32-byte key from EINVOICING_SECRETS_KEY (base64; in AWS
 *    an SSM SecureString parameter handed to the e-invoicing Lambda's environment, locally a fixed development
 *    key in infra/local/env.ts), a random 96-bit IV per write, and the item's own key (tenant + item) as
 *    additional authenticated data, so an envelope copied to another company's item does not open.
 * A table export or backup alone therefore holds no usable private key or CSID secret.
 */
export const SECRETS_PROTECTION = 'dynamodb-sse+aes-256-gcm:EINVOICING_SECRETS_KEY';

export interface SecretEnvelope {
  alg: 'AES-256-GCM';
  iv: string;
  tag: string;
  data: string;
}

/** Shortest generated secret accepted as key material (AWS: Secrets Manager generates 64 characters). */
const MIN_SECRET_CHARS = 32;

/**
 * The 32-byte key: the text itself when it is base64 of exactly 32 bytes (the local development key), else the
 * SHA-256 of a generated secret of at least 32 characters (the Secrets Manager value infra/stacks/data-stack.ts
 * creates: 64 letters and digits, about 380 bits, hashed to the AES key size). Unset or short: undefined.
 */
export function secretsKey(text: string): Buffer | undefined {
  const value = text ?? '';
  const decoded = Buffer.from(value, 'base64');
  if (decoded.length === 32 && /^[A-Za-z0-9+/]{43}=$/.test(value)) return decoded;
  return value.length >= MIN_SECRET_CHARS ? createHash('sha256').update(value, 'utf8').digest() : undefined;
}

export function seal(value: unknown, key: Buffer, aad: string): SecretEnvelope {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const data = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return {
    alg: 'AES-256-GCM',
    iv: iv.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
    data: data.toString('base64'),
  };
}

/** Opens an envelope; throws when the key, the AAD or the data do not match. */
export function open<T>(envelope: SecretEnvelope, key: Buffer, aad: string): T {
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(envelope.iv, 'base64'));
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(Buffer.from(envelope.tag, 'base64'));
  const text = Buffer.concat([decipher.update(Buffer.from(envelope.data, 'base64')), decipher.final()]).toString(
    'utf8',
  );
  return JSON.parse(text) as T;
}
