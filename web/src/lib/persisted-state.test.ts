import { describe, expect, it } from 'vitest';
import { DEFAULT_STATE, mergePersisted, withRecentSearch } from './persisted-state';

describe('mergePersisted', () => {
  it('returns defaults for nothing, garbage or a newer version', () => {
    expect(mergePersisted(DEFAULT_STATE, null)).toEqual(DEFAULT_STATE);
    expect(mergePersisted(DEFAULT_STATE, 'x')).toEqual(DEFAULT_STATE);
    expect(mergePersisted(DEFAULT_STATE, { state: { theme: 'dark' }, version: 7 })).toEqual(DEFAULT_STATE);
  });

  it('merges stored values over defaults, keeping defaults for missing fields', () => {
    const merged = mergePersisted(DEFAULT_STATE, {
      version: 0,
      state: { theme: 'dark', sidebarCollapsed: true, locale: { selectedRegion: 'AE' } },
    });
    expect(merged.theme).toBe('dark');
    expect(merged.sidebarCollapsed).toBe(true);
    expect(merged.recentSearches).toEqual([]);
    expect(merged.locale).toEqual({ ...DEFAULT_STATE.locale, selectedRegion: 'AE' });
  });

  it('ignores values of the wrong type and unknown keys', () => {
    const merged = mergePersisted(DEFAULT_STATE, {
      version: 0,
      state: {
        theme: 'purple',
        sidebarCollapsed: 'yes',
        extra: 1,
        locale: { regionDetected: 'no' },
        recentSearches: ['a', 3],
      },
    });
    expect(merged.theme).toBe('light');
    expect(merged.sidebarCollapsed).toBe(false);
    expect('extra' in merged).toBe(false);
    expect(merged.locale.regionDetected).toBe(false);
    expect(merged.recentSearches).toEqual(['a']);
  });

  it('keeps open-ended filter objects', () => {
    const merged = mergePersisted(DEFAULT_STATE, {
      version: 0,
      state: { vehicleFilters: { make: 'Toyota', archived: true } },
    });
    expect(merged.vehicleFilters).toEqual({ make: 'Toyota', archived: true });
  });
});

describe('recent searches', () => {
  it('keeps the newest 10, newest first, without duplicates', () => {
    let list: string[] = [];
    for (let i = 1; i <= 12; i += 1) list = withRecentSearch(list, `q${i}`);
    expect(list).toHaveLength(10);
    expect(list[0]).toBe('q12');
    list = withRecentSearch(list, 'Q5');
    expect(list[0]).toBe('Q5');
    expect(list.filter((x) => x.toLowerCase() === 'q5')).toHaveLength(1);
    expect(withRecentSearch(list, '   ')).toBe(list);
  });
});
