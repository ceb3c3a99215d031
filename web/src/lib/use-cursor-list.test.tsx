import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { swrConfig } from './swr';
import { useInvalidate } from './invalidate';
import { fetchFilledPage, listUrl, useCursorList } from './use-cursor-list';

/** A filtered server: each request reads 2 raw items and returns those matching, with a cursor. */
function mockServer(raw: { id: string; match: boolean }[], opts: { failFirst?: boolean } = {}) {
  const requests: string[] = [];
  let failures = opts.failFirst ? 1 : 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://x');
      requests.push(url.pathname + url.search);
      if (failures > 0) {
        failures -= 1;
        return new Response(JSON.stringify({ error: { code: 'INTERNAL_ERROR', message: 'x' } }), { status: 500 });
      }
      const start = Number(url.searchParams.get('cursor') ?? 0);
      const slice = raw.slice(start, start + 2);
      const next = start + 2 < raw.length ? String(start + 2) : null;
      return new Response(JSON.stringify({ items: slice.filter((r) => r.match), nextCursor: next }), { status: 200 });
    }),
  );
  return requests;
}
const items = (pattern: string) => [...pattern].map((c, i) => ({ id: `i${i}`, match: c === 'x' }));

const wrapper = ({ children }: { children: ReactNode }) => (
  <SWRConfig value={{ ...swrConfig, provider: () => new Map(), shouldRetryOnError: false }}>{children}</SWRConfig>
);

afterEach(() => vi.unstubAllGlobals());

describe('listUrl / fetchFilledPage', () => {
  it('leaves empty params out and always sends limit', () => {
    expect(
      listUrl('/api/v1/vehicles', { q: 'cam', status: '', make: undefined, showArchived: false, vip: true }, 25),
    ).toBe('/api/v1/vehicles?q=cam&vip=true&limit=25');
    expect(listUrl('/p', {}, 5, 'abc')).toBe('/p?limit=5&cursor=abc');
  });

  it('follows short filtered pages until the page is full, then stops with the cursor', async () => {
    const requests = mockServer(items('..x..x.xx.x'));
    const page = await fetchFilledPage<{ id: string }>('/p?limit=3', 3);
    expect(page.items.map((i) => i.id)).toEqual(['i2', 'i5', 'i7']);
    expect(page.nextCursor).toBe('8');
    expect(requests).toEqual(['/p?limit=3', '/p?limit=3&cursor=2', '/p?limit=3&cursor=4', '/p?limit=3&cursor=6']);
  });

  it('gives up after maxRequests with the cursor it reached', async () => {
    mockServer(items('..........x'));
    const page = await fetchFilledPage('/p?limit=3', 3, 2);
    expect(page).toEqual({ items: [], nextCursor: '4' });
  });
});

describe('useCursorList', () => {
  it('loads filled pages, says when there is more, and "Load more" appends the next filled page', async () => {
    mockServer(items('x.x.x.x.x'));
    const { result } = renderHook(() => useCursorList<{ id: string }>('listVehicles', { q: 'a' }, { limit: 2 }), {
      wrapper,
    });
    expect(result.current.isLoading).toBe(true);
    await waitFor(() => expect(result.current.items.map((i) => i.id)).toEqual(['i0', 'i2']));
    expect(result.current.hasMore).toBe(true);
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.items.map((i) => i.id)).toEqual(['i0', 'i2', 'i4', 'i6']));
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.items).toHaveLength(5));
    expect(result.current.hasMore).toBe(false);
    expect(result.current.isEmpty).toBe(false);
  });

  it('is empty only once the server has nothing more (short empty pages are followed)', async () => {
    const requests = mockServer(items('......'));
    const { result } = renderHook(() => useCursorList('listVehicles', {}, { limit: 2 }), { wrapper });
    await waitFor(() => expect(result.current.isEmpty).toBe(true));
    expect(requests).toHaveLength(3);
    expect(result.current.hasMore).toBe(false);
  });

  it('reports an error, and revalidate() loads again', async () => {
    mockServer(items('xx'), { failFirst: true });
    const { result } = renderHook(() => useCursorList('listVehicles', {}, { limit: 2 }), { wrapper });
    await waitFor(() => expect(result.current.error).toBeTruthy());
    expect(result.current.isLoading).toBe(false);
    await act(() => result.current.revalidate());
    await waitFor(() => expect(result.current.items).toHaveLength(2));
  });

  it('a null path fetches nothing', async () => {
    const requests = mockServer(items('xx'));
    const { result } = renderHook(() => useCursorList(null), { wrapper });
    await new Promise((r) => setTimeout(r, 20));
    expect(requests).toEqual([]);
    expect(result.current.isLoading).toBe(false);
  });

  it('useInvalidate(operation) refetches every loaded page of a list under its stem', async () => {
    const requests = mockServer(items('xxxx'));
    const { result } = renderHook(
      () => ({
        list: useCursorList<{ id: string }>({ op: 'listCustomerNotes', params: { id: 'C 1' } }, {}, { limit: 2 }),
        invalidate: useInvalidate(),
      }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.list.items).toHaveLength(2));
    act(() => result.current.list.loadMore());
    await waitFor(() => expect(result.current.list.items).toHaveLength(4));
    const before = requests.length;
    await act(() => result.current.invalidate('listCustomers'));
    await waitFor(() => expect(requests.length).toBe(before + 2));
    const notes = '/api/v1/customers/C%201/notes';
    expect(requests.slice(before)).toEqual([`${notes}?limit=2`, `${notes}?limit=2&cursor=2`]);
  });
});
