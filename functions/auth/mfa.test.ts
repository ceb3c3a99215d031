import { describe, expect, it } from 'vitest';
import { TOTP, Secret } from 'otpauth';
import { totpStep, totpValid } from './mfa';

/** RFC 6238 at a fixed clock: the code of a period, one period of drift either way, nothing more. */
describe('TOTP check', () => {
  const secret = 'JBSWY3DPEHPK3PXP';
  const at = Date.UTC(2026, 10, 26, 8, 0, 0);
  const codeAt = (ts: number) =>
    new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
      timestamp: ts,
    });

  it('accepts the current code and one period either side', () => {
    expect(totpValid(secret, codeAt(at), at)).toBe(true);
    expect(totpValid(secret, codeAt(at - 30_000), at)).toBe(true);
    expect(totpValid(secret, codeAt(at + 30_000), at)).toBe(true);
  });
  it('refuses older codes, wrong codes and non-numeric input', () => {
    expect(totpValid(secret, codeAt(at - 90_000), at)).toBe(false);
    expect(totpValid(secret, '000000', at) && codeAt(at) !== '000000').toBe(false);
    expect(totpValid(secret, 'abcdef', at)).toBe(false);
  });
  it('names the time step a code belongs to (what sign-in stores so a code works once)', () => {
    const step = Math.floor(at / 30_000);
    expect(totpStep(secret, codeAt(at), at)).toBe(step);
    expect(totpStep(secret, codeAt(at - 30_000), at)).toBe(step - 1);
    expect(totpStep(secret, codeAt(at + 30_000), at)).toBe(step + 1);
    // The same code read 20 s later (same period) is the same step: the stored step refuses it then.
    expect(totpStep(secret, codeAt(at), at + 20_000)).toBe(step);
    expect(totpStep(secret, codeAt(at - 90_000), at)).toBeNull();
  });
});
