/** Page-load timings (spec §3 performance log entry, §9: session storage, last 50 entries). */
import { PERF_LOG_LIMIT } from '../../../shared/constants';

export const PERF_LOG_KEY = 'sy_lazy_perf';

export interface PerfEntry {
  route: string;
  loadTime: number;
  timestamp: number;
}

export function readPerfLog(): PerfEntry[] {
  try {
    const parsed = JSON.parse(sessionStorage.getItem(PERF_LOG_KEY) ?? '[]') as unknown;
    return Array.isArray(parsed) ? (parsed as PerfEntry[]) : [];
  } catch {
    return [];
  }
}

export function recordPageLoad(route: string, loadTime: number): void {
  try {
    const log = [...readPerfLog(), { route, loadTime: Math.round(loadTime), timestamp: Date.now() }];
    sessionStorage.setItem(PERF_LOG_KEY, JSON.stringify(log.slice(-PERF_LOG_LIMIT)));
  } catch {
    // Session storage unavailable: timings are a diagnostic, not worth failing over.
  }
}
