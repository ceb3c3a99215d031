import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { csrLocation } from './onboard';
import { zatcaEnvironment } from './status';
import { open, seal, secretsKey } from './secrets';

describe('e-invoicing secrets envelope (AES-256-GCM)', () => {
  const key = randomBytes(32);
  const secret = { privateKeyPem: '-----BEGIN EC PRIVATE KEY-----\nabc\n-----END EC PRIVATE KEY-----', secret: 's3' };

  it('seals without the plain text and opens with the same key and item', () => {
    const env = seal(secret, key, 'T#A|SECRETS');
    expect(env.alg).toBe('AES-256-GCM');
    expect(JSON.stringify(env)).not.toContain('PRIVATE KEY');
    expect(open(env, key, 'T#A|SECRETS')).toEqual(secret);
    // a fresh IV per write
    expect(seal(secret, key, 'T#A|SECRETS').iv).not.toBe(env.iv);
  });

  it("refuses another key, another item's AAD and a changed byte", () => {
    const env = seal(secret, key, 'T#A|SECRETS');
    expect(() => open(env, randomBytes(32), 'T#A|SECRETS')).toThrow();
    expect(() => open(env, key, 'T#B|SECRETS')).toThrow();
    const data = Buffer.from(env.data, 'base64');
    data[0] ^= 1;
    expect(() => open({ ...env, data: data.toString('base64') }, key, 'T#A|SECRETS')).toThrow();
  });

  it('takes only a 32-byte base64 key', () => {
    expect(secretsKey(key.toString('base64'))?.equals(key)).toBe(true);
    expect(secretsKey('')).toBeUndefined();
    expect(secretsKey(randomBytes(16).toString('base64'))).toBeUndefined();
  });

  it('derives the key from a generated secret (Secrets Manager: 64 letters and digits) by SHA-256', () => {
    const generated = 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8s9T0u1V2w3X4y5Z6a7B8c9D0e1F2';
    const derived = secretsKey(generated);
    expect(derived?.length).toBe(32);
    expect(derived?.equals(createHash('sha256').update(generated).digest())).toBe(true);
    // One character changed: another key (an envelope sealed with one does not open with the other).
    expect(secretsKey(`${generated.slice(0, -1)}3`)?.equals(derived as Buffer)).toBe(false);
    expect(secretsKey('short-secret')).toBeUndefined();
  });
});

describe('onboarding inputs', () => {
  it("ZATCA's environment from the API base", () => {
    expect(zatcaEnvironment('https://gw-fatoora.zatca.gov.sa/e-invoicing/developer-portal')).toBe('sandbox');
    expect(zatcaEnvironment('https://gw-fatoora.zatca.gov.sa/e-invoicing/simulation')).toBe('simulation');
    expect(zatcaEnvironment('https://gw-fatoora.zatca.gov.sa/e-invoicing/core')).toBe('production');
  });

  it("the CSR location is the address's first line, else Saudi Arabia", () => {
    expect(csrLocation('King Fahd Road 2322, Riyadh\nPO Box 1')).toBe('King Fahd Road 2322, Riyadh');
    expect(csrLocation('   ')).toBe('Saudi Arabia');
    expect(csrLocation('x'.repeat(300))).toHaveLength(100);
  });
});
