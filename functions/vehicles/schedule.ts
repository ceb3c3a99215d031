import { queryPage, queryAll, type Item } from '../lib/data/repo';
import { tenantPk, sortKey } from '../lib/data/keys';

/**
 * A vehicle's schedule: the time blocks during which it cannot be booked — rentals (pending,
 * active, overdue) and maintenance. Owned by the vehicles domain; the rentals and maintenance
 * domains put and remove blocks inside their own transactions.
 *
 * Layout: pk `T#{tenant}#SCHEDULE#{vehicleId}`, sk `{end}#{kind}#{refId}` where `end` is the
 * block's end (ISO UTC) or OPEN_END for open-ended rentals. A query for blocks that end after a
 * window's start (sk >= start) reads only blocks that can overlap the window, so the cost of a
 * conflict check does not grow with the vehicle's past rentals. The GSI copy
 * (gsi1pk `T#{tenant}#SCHEDULE`, gsi1sk `{end}#{vehicleId}#...`) answers the whole fleet calendar
 * with one key-range query.
 *
 * Atomicity: a booking transaction also increments the vehicle item's `scheduleVersion` with a
 * condition on the value it read, so two concurrent bookings of one vehicle cannot both pass
 * their conflict check (the loser retries, sees the winner's block, and gets 409).
 */
export type BlockKind = 'rental' | 'maintenance';

export interface ScheduleBlock {
  vehicleId: string;
  kind: BlockKind;
  refId: string;
  /** ISO 8601 UTC */
  start: string;
  /** ISO 8601 UTC; null = open-ended (blocks until returned) */
  end: string | null;
  status: string;
  /** Short text for the calendar (reference number, customer name, maintenance type). */
  label?: string;
}

export const OPEN_END = '9999-12-31T23:59:59.999Z';

export function scheduleBlockKey(tenantId: string, block: Pick<ScheduleBlock, 'vehicleId' | 'kind' | 'refId' | 'end'>) {
  return {
    pk: tenantPk(tenantId, 'SCHEDULE', block.vehicleId),
    sk: sortKey(block.end ?? OPEN_END, block.kind, block.refId),
  };
}

export function scheduleBlockItem(tenantId: string, block: ScheduleBlock): Item {
  const end = block.end ?? OPEN_END;
  return {
    ...scheduleBlockKey(tenantId, block),
    gsi1pk: tenantPk(tenantId, 'SCHEDULE'),
    gsi1sk: sortKey(end, block.vehicleId, block.kind, block.refId),
    entityType: 'SCHEDULE_BLOCK',
    ...block,
    end: block.end,
  };
}

function toBlock(item: Record<string, unknown>): ScheduleBlock {
  return {
    vehicleId: item.vehicleId as string,
    kind: item.kind as BlockKind,
    refId: item.refId as string,
    start: item.start as string,
    end: (item.end as string | null) ?? null,
    status: item.status as string,
    label: item.label as string | undefined,
  };
}

/** Half-open intervals [start, end) overlap; a null end is open. */
export function overlaps(aStart: string, aEnd: string | null, bStart: string, bEnd: string | null): boolean {
  const ae = aEnd ?? OPEN_END;
  const be = bEnd ?? OPEN_END;
  return aStart < be && bStart < ae;
}

/**
 * Blocks of one vehicle overlapping [start, end) — strongly consistent, for conflict checks.
 * Reads only blocks ending after `start`.
 */
export async function blocksOverlapping(
  tenantId: string,
  vehicleId: string,
  start: string,
  end: string | null,
): Promise<ScheduleBlock[]> {
  const items = await queryAll<Record<string, unknown>>({
    tenantId,
    pk: tenantPk(tenantId, 'SCHEDULE', vehicleId),
    skFrom: start,
    consistent: true,
    filter: { expression: '#start < :end', names: { '#start': 'start' }, values: { ':end': end ?? OPEN_END } },
    max: 1000,
  });
  return items.map(toBlock).filter((b) => overlaps(b.start, b.end, start, end));
}

/**
 * Every block of the fleet overlapping [start, end), from one key range of the GSI (cost bound
 * by blocks ending after `start`, independent of older history).
 */
export async function fleetBlocks(
  tenantId: string,
  start: string,
  end: string,
  limit = 1000,
): Promise<ScheduleBlock[]> {
  const out: ScheduleBlock[] = [];
  let cursor: string | null = null;
  do {
    const page: { items: Record<string, unknown>[]; nextCursor: string | null } = await queryPage<
      Record<string, unknown>
    >({
      tenantId,
      pk: tenantPk(tenantId, 'SCHEDULE'),
      index: 'gsi1',
      skFrom: start,
      limit: 500,
      cursor,
      filter: { expression: '#start < :end', names: { '#start': 'start' }, values: { ':end': end } },
    });
    out.push(...page.items.map(toBlock));
    cursor = page.nextCursor;
  } while (cursor && out.length < limit);
  return out.filter((b) => overlaps(b.start, b.end, start, end));
}
