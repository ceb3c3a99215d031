import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Per-request DynamoDB meter: round trips and consumed capacity units. The handler stack
 * opens one per request; `npm run bench` reads the totals from response headers to check the
 * budgets of DESIGN.md §10 (reads 1–2 round trips, writes one transaction).
 */
export interface DynamoMeter {
  calls: number;
  readUnits: number;
  writeUnits: number;
}

const storage = new AsyncLocalStorage<DynamoMeter>();

export function withMeter<T>(fn: () => Promise<T>): { meter: DynamoMeter; result: Promise<T> } {
  const meter: DynamoMeter = { calls: 0, readUnits: 0, writeUnits: 0 };
  return { meter, result: storage.run(meter, fn) };
}

type Capacity = { CapacityUnits?: number; ReadCapacityUnits?: number; WriteCapacityUnits?: number };

export function record(consumed: Capacity | Capacity[] | undefined, kind: 'read' | 'write'): void {
  const meter = storage.getStore();
  if (!meter) return;
  meter.calls += 1;
  for (const c of Array.isArray(consumed) ? consumed : consumed ? [consumed] : []) {
    const units = c.CapacityUnits ?? (kind === 'read' ? c.ReadCapacityUnits : c.WriteCapacityUnits) ?? 0;
    if (kind === 'read') meter.readUnits += units;
    else meter.writeUnits += units;
  }
}

/** The meter of the request in progress (undefined outside a request): lets a bench trace calls per request. */
export const currentMeter = (): DynamoMeter | undefined => storage.getStore();
