import { describe, expect, it } from 'vitest';
import { dayStartUtc, MAINTENANCE_STATUSES, maintenanceWindow, nextStatus, TRANSITIONS } from './lifecycle';

describe('maintenance transitions', () => {
  it('covers every status; completed and cancelled are final except cancelling a completed record', () => {
    expect(Object.keys(TRANSITIONS).sort()).toEqual([...MAINTENANCE_STATUSES].sort());
    expect(nextStatus('completed', 'cancel')).toBe('cancelled');
    expect(nextStatus('completed', 'start')).toBeUndefined();
    expect(Object.keys(TRANSITIONS.cancelled)).toHaveLength(0);
    expect(nextStatus('in_progress', 'start')).toBeUndefined();
    expect(nextStatus('scheduled', 'start')).toBe('in_progress');
  });
});

describe('maintenance window', () => {
  it('whole days in the company time zone', () => {
    expect(dayStartUtc('2026-03-10', 'Asia/Dubai')).toBe('2026-03-09T20:00:00.000Z');
    expect(dayStartUtc('2026-07-01', 'America/New_York')).toBe('2026-07-01T04:00:00.000Z');
    expect(dayStartUtc('2026-01-01', 'America/New_York')).toBe('2026-01-01T05:00:00.000Z');
    expect(maintenanceWindow('2026-03-10', '2026-03-12', 'Asia/Dubai')).toEqual({
      start: '2026-03-09T20:00:00.000Z',
      end: '2026-03-12T20:00:00.000Z',
    });
  });
});
