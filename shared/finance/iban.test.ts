import { describe, expect, it } from 'vitest';
import { IBAN_MESSAGES, formatIban, ibanProblem, normalizeIban } from './iban';

describe('IBAN', () => {
  it('accepts valid IBANs of the regions and elsewhere, with spaces or not', () => {
    for (const iban of [
      'AE07 0331 2345 6789 0123 456',
      'SA0380000000608010167519',
      'JO94CBJO0010000000000131000302',
      'GB82 WEST 1234 5698 7654 32',
      'de89370400440532013000',
    ]) {
      expect(ibanProblem(iban), iban).toBeNull();
    }
  });
  it('names what is wrong: missing, shape, length of its country, check digits', () => {
    expect(ibanProblem('  ')).toBe(IBAN_MESSAGES.required);
    expect(ibanProblem('0331234567890123456')).toBe(IBAN_MESSAGES.format);
    expect(ibanProblem('AE07033123456789012345')).toBe(IBAN_MESSAGES.length);
    // one digit changed: the mod-97 check catches it
    expect(ibanProblem('AE070331234567890123457')).toBe(IBAN_MESSAGES.checksum);
    // two digits swapped
    expect(ibanProblem('AE070331234567890123546')).toBe(IBAN_MESSAGES.checksum);
  });
  it('stores normalized and shows in groups of four', () => {
    expect(normalizeIban('ae07 0331-2345 6789 0123 456')).toBe('AE070331234567890123456');
    expect(formatIban('AE070331234567890123456')).toBe('AE07 0331 2345 6789 0123 456');
  });
});
