import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../../shared/money';
import { brandingFrom } from './branding';

describe('company currency on screen', () => {
  it('reads the company currency from the settings answer (every role gets it)', () => {
    expect(brandingFrom({ name: 'Desert Rose', primaryColor: '#112233', currency: 'AED' }).currency).toBe('AED');
    expect(brandingFrom({ currency: 'dollars' }).currency).toBeUndefined();
    expect(brandingFrom({}).currency).toBeUndefined();
  });

  it("a UAE company's amounts stay in AED for a user browsing with the US region", () => {
    expect(formatMoney(15000, 'US', 'en', { currency: 'AED' })).toBe('150.00 د.إ');
    expect(formatMoney(15000, 'US', 'en')).toBe('$150.00');
  });
});
