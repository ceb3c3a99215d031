import { act, renderHook } from '@testing-library/react';
import * as z from 'zod';
import { describe, expect, it, vi } from 'vitest';
import { registerMessages } from './api-errors';
import { useFormSubmit } from './use-form-submit';

registerMessages('errors.codes', { VALIDATION_FAILED: 'Name needed (test)' });
const schema = z.object({ name: z.string().min(1, 'Name needed (test)'), age: z.coerce.number() });

describe('useFormSubmit', () => {
  it('shows translated schema errors and sends nothing when the body is invalid', async () => {
    const send = vi.fn(async () => ({}));
    const { result } = renderHook(() => useFormSubmit(schema, send));
    let ok = true;
    await act(async () => {
      ok = await result.current.submit({ name: '', age: 3 });
    });
    expect(ok).toBe(false);
    expect(send).not.toHaveBeenCalled();
    expect(result.current.errors).toEqual({ name: 'Please correct the highlighted fields.' });
    act(() => result.current.clearError('name'));
    expect(result.current.errors.name).toBe('');
  });

  it('sends a valid body (raw or parsed), is busy meanwhile and shows the server field errors', async () => {
    let resolve!: (e: Record<string, string>) => void;
    const send = vi.fn(
      () =>
        new Promise<Record<string, string>>((r) => {
          resolve = r;
        }),
    );
    const { result } = renderHook(() => useFormSubmit(schema, send, { sendParsed: true }));
    let pending!: Promise<boolean>;
    act(() => {
      pending = result.current.submit({ name: 'A', age: '7' } as never);
    });
    expect(result.current.saving).toBe(true);
    expect(send).toHaveBeenCalledWith({ name: 'A', age: 7 });
    await act(async () => {
      resolve({ name: 'Taken' });
      await pending;
    });
    expect(result.current.saving).toBe(false);
    expect(result.current.errors).toEqual({ name: 'Taken' });
    await expect(pending).resolves.toBe(false);
  });

  it('tells onInvalid the field messages of a refused body, and not when the body is valid', async () => {
    const onInvalid = vi.fn();
    const send = vi.fn(async () => ({}));
    const { result } = renderHook(() => useFormSubmit(schema, send, { onInvalid }));
    await act(async () => {
      await result.current.submit({ name: '', age: 3 });
    });
    expect(onInvalid).toHaveBeenCalledWith({ name: 'Please correct the highlighted fields.' });
    await act(async () => {
      await result.current.submit({ name: 'A', age: 3 });
    });
    expect(onInvalid).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledTimes(1);
  });
});
