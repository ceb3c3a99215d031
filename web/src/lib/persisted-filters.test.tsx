import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readBoolean, readOneOf, readString, usePersistedFilters, useSearchDraft } from './persisted-filters';
import { getAppState, setAppState, STATE_KEY } from './persisted-state';

afterEach(() => {
  vi.useRealTimers();
  setAppState({ vehicleFilters: {} });
});

const read = (s: Record<string, unknown>) => ({
  q: readString(s as never, 'q'),
  status: readOneOf(s as never, 'status', ['available', 'rented'] as const, ''),
  showArchived: readBoolean(s as never, 'showArchived'),
});

describe('usePersistedFilters', () => {
  it('reads stored filters through the reader (bad values fall back) and persists updates', () => {
    setAppState({ vehicleFilters: { q: 'cam', status: 'bogus', showArchived: 'yes' } });
    const { result } = renderHook(() => usePersistedFilters('vehicleFilters', read));
    expect(result.current.filters).toEqual({ q: 'cam', status: '', showArchived: false });
    act(() => result.current.update({ status: 'rented' }));
    expect(result.current.filters.status).toBe('rented');
    expect(getAppState().vehicleFilters).toMatchObject({ q: 'cam', status: 'rented' });
    expect(JSON.parse(localStorage.getItem(STATE_KEY)!).state.vehicleFilters.status).toBe('rented');
    act(() => result.current.reset({ q: '', status: '' }));
    expect(result.current.filters).toEqual({ q: '', status: '', showArchived: false });
  });
});

describe('useSearchDraft', () => {
  it('commits the trimmed text once typing pauses, and follows a committed value changed elsewhere', () => {
    vi.useFakeTimers();
    const commit = vi.fn();
    const { result, rerender } = renderHook(({ committed }) => useSearchDraft(committed, commit, 300), {
      initialProps: { committed: '' },
    });
    act(() => result.current[1]('ca'));
    act(() => vi.advanceTimersByTime(200));
    act(() => result.current[1]('cam '));
    act(() => vi.advanceTimersByTime(299));
    expect(commit).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(commit).toHaveBeenCalledExactlyOnceWith('cam');
    expect(result.current[0]).toBe('cam ');
    rerender({ committed: '' });
    rerender({ committed: 'other' });
    expect(result.current[0]).toBe('other');
    act(() => vi.advanceTimersByTime(1000));
    expect(commit).toHaveBeenCalledTimes(1);
  });
});
