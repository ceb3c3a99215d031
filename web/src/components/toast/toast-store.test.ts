import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, getToastState, resetToasts, toast, toastReducer, type Toast } from './toast-store';

const make = (id: string, extra: Partial<Toast> = {}): Toast => ({ id, open: true, title: id, ...extra });

describe('toastReducer', () => {
  it('adds newest first and keeps at most 3', () => {
    let state = { toasts: [] as Toast[] };
    for (const id of ['a', 'b', 'c', 'd']) state = toastReducer(state, { type: 'ADD_TOAST', toast: make(id) });
    expect(state.toasts.map((t) => t.id)).toEqual(['d', 'c', 'b']);
  });
  it('updates one toast by id', () => {
    const state = toastReducer(
      { toasts: [make('a'), make('b')] },
      { type: 'UPDATE_TOAST', toast: { id: 'b', title: 'B!' } },
    );
    expect(state.toasts.map((t) => t.title)).toEqual(['a', 'B!']);
  });
  it('dismiss marks closed (one or all) without removing', () => {
    const one = toastReducer({ toasts: [make('a'), make('b')] }, { type: 'DISMISS_TOAST', toastId: 'a' });
    expect(one.toasts.map((t) => t.open)).toEqual([false, true]);
    const all = toastReducer({ toasts: [make('a'), make('b')] }, { type: 'DISMISS_TOAST' });
    expect(all.toasts.every((t) => !t.open)).toBe(true);
  });
  it('remove drops one toast or all', () => {
    expect(
      toastReducer({ toasts: [make('a'), make('b')] }, { type: 'REMOVE_TOAST', toastId: 'a' }).toasts,
    ).toHaveLength(1);
    expect(toastReducer({ toasts: [make('a')] }, { type: 'REMOVE_TOAST' }).toasts).toHaveLength(0);
  });
});

describe('toast timers', () => {
  afterEach(() => {
    resetToasts();
    vi.useRealTimers();
  });

  it('non-destructive toasts dismiss after 5 s and are removed 5 s later', () => {
    vi.useFakeTimers();
    toast({ title: 'Logged out' });
    expect(getToastState().toasts[0].open).toBe(true);
    vi.advanceTimersByTime(5000);
    expect(getToastState().toasts[0].open).toBe(false);
    vi.advanceTimersByTime(4999);
    expect(getToastState().toasts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(getToastState().toasts).toHaveLength(0);
  });

  it('destructive toasts stay until dismissed', () => {
    vi.useFakeTimers();
    const { id } = toast({ variant: 'destructive', title: 'Login failed' });
    vi.advanceTimersByTime(60_000);
    expect(getToastState().toasts[0].open).toBe(true);
    dismissToast(id);
    vi.advanceTimersByTime(5000);
    expect(getToastState().toasts).toHaveLength(0);
  });
});
