import { describe, expect, it } from 'vitest';
import { shell } from '../../../shared/i18n/shell';
import { navFor } from './nav';

const links = (role: Parameters<typeof navFor>[0]) => navFor(role).flatMap((s) => s.items.map((i) => i.to));

describe('sidebar', () => {
  it('links /pricing-settings for the roles that may edit pricing, and not for the others', () => {
    expect(links('OWNER')).toContain('/pricing-settings');
    expect(links('ADMIN')).toContain('/pricing-settings');
    expect(links('STAFF')).not.toContain('/pricing-settings');
    expect(links('MECHANIC')).not.toContain('/pricing-settings');
  });

  it('names every item in English and Arabic', () => {
    for (const item of navFor('OWNER').flatMap((s) => s.items)) {
      expect(shell.en.nav[item.key as keyof typeof shell.en.nav], item.key).toBeTruthy();
      expect(shell.ar.nav[item.key as keyof typeof shell.ar.nav], item.key).toBeTruthy();
    }
  });
});
