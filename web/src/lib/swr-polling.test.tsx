import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import useSWR, { SWRConfig, type SWRConfiguration } from 'swr';
import { describe, expect, it } from 'vitest';
import { POLL_DEDUPE_MS, polling, swrConfig } from './swr';

/**
 * Polls under the app's own SWR configuration (5-minute dedupe). SWR's refresh timer revalidates with dedupe, so
 * without `polling` a pending online payment never turned paid on screen and the dashboard's live map stood still
 * for 5 minutes. Real timers: the interval is just above the poll's dedupe window.
 */
const INTERVAL = POLL_DEDUPE_MS + 100;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function server() {
  let reads = 0;
  return { fetcher: async () => ++reads, reads: () => reads };
}

/** Options made at each render, as the pages do (an interval function sees the latest data). */
function poll(options: () => SWRConfiguration<number>, fetcher: () => Promise<number>) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <SWRConfig value={{ ...swrConfig, fetcher, provider: () => new Map() }}>{children}</SWRConfig>
  );
  return renderHook(() => useSWR<number>('/api/v1/poll', options()), { wrapper });
}

describe('polling under the app-wide 5-minute dedupe', () => {
  it('re-reads at its interval', async () => {
    const s = server();
    const { result } = poll(() => polling(INTERVAL), s.fetcher);
    await waitFor(() => expect(result.current.data).toBeGreaterThanOrEqual(3), { timeout: 5 * INTERVAL });
  });

  it('stops when its interval function answers 0 (a payment no longer pending)', async () => {
    const s = server();
    const { result } = poll(() => polling<number>((n) => (n !== undefined && n < 3 ? INTERVAL : 0)), s.fetcher);
    await waitFor(() => expect(result.current.data).toBe(3), { timeout: 6 * INTERVAL });
    await sleep(2 * INTERVAL);
    expect(s.reads()).toBe(3);
  });

  it('a bare refreshInterval re-reads nothing: the reason polling() exists', async () => {
    const s = server();
    const { result } = poll(() => ({ refreshInterval: INTERVAL }), s.fetcher);
    await waitFor(() => expect(result.current.data).toBe(1));
    await sleep(3 * INTERVAL);
    expect(s.reads()).toBe(1);
  });
});
