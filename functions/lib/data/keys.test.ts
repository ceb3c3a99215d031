import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ulid } from 'ulid';
import { assertTenantId, entityKey, keys, KeyError, tenantOfKey, tenantPk } from './keys';

const tenantArb = fc.integer({ min: 0, max: 2 ** 40 }).map((seed) => ulid(seed));

describe('tenant-prefixed keys', () => {
  it('a key built for tenant A can never address tenant B (no prefix relation either way)', () => {
    fc.assert(
      fc.property(
        tenantArb,
        tenantArb,
        fc.constantFrom('VEHICLE', 'CUSTOMER', 'RENTAL', 'USER', 'SCHEDULE'),
        fc.string({ minLength: 1, maxLength: 30 }).filter((s) => !/[#\u0000-\u001f]/.test(s)),
        (a, b, collection, id) => {
          fc.pre(a !== b);
          const ka = entityKey(a, collection, id);
          const kb = entityKey(b, collection, id);
          expect(ka.pk).not.toBe(kb.pk);
          // Neither partition (nor a begins_with prefix of it) can match the other tenant's keys.
          expect(kb.pk.startsWith(`T#${a}#`)).toBe(false);
          expect(ka.pk.startsWith(`T#${b}#`)).toBe(false);
          expect(tenantOfKey(ka.pk)).toBe(a);
          expect(tenantOfKey(kb.pk)).toBe(b);
        },
      ),
    );
  });

  it('refuses tenant ids that are not ULIDs, so no crafted id can reach into another partition', () => {
    const a = ulid();
    for (const bad of ['', 'abc', `${a}#VEHICLE`, a.toLowerCase(), `${a}X`, `${a.slice(0, 25)}#`, 'T#' + a]) {
      expect(() => tenantPk(bad, 'VEHICLE')).toThrow(KeyError);
      expect(() => assertTenantId(bad)).toThrow(KeyError);
    }
  });

  it('refuses ids and scopes containing the separator', () => {
    const t = ulid();
    expect(() => entityKey(t, 'VEHICLE', `x#T#${ulid()}`)).toThrow(KeyError);
    expect(() => tenantPk(t, 'SCHEDULE', 'a#b')).toThrow(KeyError);
    expect(() => tenantPk(t, 'vehicle')).toThrow(KeyError);
  });

  it('keeps global items outside every tenant partition', () => {
    const g = keys.global.username('Alice');
    expect(g.pk).toBe('G#USERNAME#alice');
    expect(tenantOfKey(g.pk)).toBeUndefined();
  });
});
