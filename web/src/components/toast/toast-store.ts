/**
 * Toast state (spec §3 Toast entity, §4 Toast transitions, §9 limits): added newest first and at
 * most 3 kept; dismissed toasts are marked closed and removed 5 s later; non-destructive toasts
 * dismiss themselves after 5 s. The reducer is pure (tested); timers live in the store below.
 */
import { useSyncExternalStore, type ReactNode } from 'react';
import {
  TOAST_DEFAULT_DURATION_MS,
  TOAST_LIMIT,
  TOAST_LISTENER_CAP,
  TOAST_REMOVE_DELAY_MS,
} from '../../../../shared/constants';

export type ToastVariant = 'default' | 'destructive' | 'success';

export interface Toast {
  id: string;
  open: boolean;
  variant?: ToastVariant;
  title?: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  /** Auto-dismiss delay; ignored for destructive toasts, which stay until closed. */
  duration?: number;
}

export interface ToastState {
  toasts: Toast[];
}

export type ToastAction =
  | { type: 'ADD_TOAST'; toast: Toast }
  | { type: 'UPDATE_TOAST'; toast: Partial<Toast> & { id: string } }
  | { type: 'DISMISS_TOAST'; toastId?: string }
  | { type: 'REMOVE_TOAST'; toastId?: string };

export function toastReducer(state: ToastState, action: ToastAction): ToastState {
  switch (action.type) {
    case 'ADD_TOAST':
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case 'UPDATE_TOAST':
      return {
        toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)),
      };
    case 'DISMISS_TOAST':
      return {
        toasts: state.toasts.map((t) =>
          action.toastId === undefined || t.id === action.toastId ? { ...t, open: false } : t,
        ),
      };
    case 'REMOVE_TOAST':
      return {
        toasts: action.toastId === undefined ? [] : state.toasts.filter((t) => t.id !== action.toastId),
      };
  }
}

// ---------------------------------------------------------------------------------------------

let state: ToastState = { toasts: [] };
const listeners = new Set<() => void>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();
const dismissTimers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function dispatch(action: ToastAction): void {
  state = toastReducer(state, action);
  for (const l of listeners) l();
}

function scheduleRemoval(id: string): void {
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id);
      dispatch({ type: 'REMOVE_TOAST', toastId: id });
    }, TOAST_REMOVE_DELAY_MS),
  );
}

export function dismissToast(id?: string): void {
  const ids = id === undefined ? state.toasts.map((t) => t.id) : [id];
  for (const tid of ids) {
    clearTimeout(dismissTimers.get(tid));
    dismissTimers.delete(tid);
    scheduleRemoval(tid);
  }
  dispatch({ type: 'DISMISS_TOAST', toastId: id });
}

export interface ToastInput extends Omit<Toast, 'id' | 'open'> {}

export function toast(input: ToastInput): { id: string; dismiss: () => void; update: (t: ToastInput) => void } {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = `toast-${counter}`;
  dispatch({ type: 'ADD_TOAST', toast: { ...input, id, open: true } });
  if (input.variant !== 'destructive') {
    dismissTimers.set(
      id,
      setTimeout(() => dismissToast(id), input.duration ?? TOAST_DEFAULT_DURATION_MS),
    );
  }
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (t) => dispatch({ type: 'UPDATE_TOAST', toast: { ...t, id } }),
  };
}

export function subscribeToasts(listener: () => void): () => void {
  // A runaway component re-subscribing in a loop should not leak without bound.
  if (listeners.size >= TOAST_LISTENER_CAP) {
    const oldest = listeners.values().next().value;
    if (oldest) listeners.delete(oldest);
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToastState(): ToastState {
  return state;
}

export function useToasts(): ToastState {
  return useSyncExternalStore(subscribeToasts, getToastState, getToastState);
}

/** Tests only: forget all toasts and timers. */
export function resetToasts(): void {
  for (const t of [...removeTimers.values(), ...dismissTimers.values()]) clearTimeout(t);
  removeTimers.clear();
  dismissTimers.clear();
  state = { toasts: [] };
  for (const l of listeners) l();
}
