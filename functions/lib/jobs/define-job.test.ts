import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Cron } from 'croner';
import { describe, expect, it } from 'vitest';
import { JOB_NAMES, localCron, SCHEDULES } from '../../../events/schedules';
import { DUE_INDEXES } from '../data/due-index';
import { jobContext, type Job } from './define-job';
import { companyJobLogKey, jobRunItem, jobRunOf, MAX_ERROR_SAMPLES } from './run-record';

const root = resolve(import.meta.dirname, '../..');
const T = '01JBQ5ZQ4Y3M2X8V7W6T5S4R3P';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [path] : [];
  });
}

/** An independent reading of an EventBridge cron(min hour dom month dow year) field set, minute by minute. */
function eventBridgeMatches(expr: string, at: Date): boolean {
  const [min, hour, dom, month, dow] = /^cron\((.*)\)$/.exec(expr)![1].split(' ');
  const days = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];
  const field = (f: string, v: number, names?: string[]) => {
    if (f === '*' || f === '?') return true;
    return f.split(',').some((p) => {
      const step = /^(\d+)\/(\d+)$/.exec(p);
      if (step) return v >= Number(step[1]) && (v - Number(step[1])) % Number(step[2]) === 0;
      return names?.includes(p) ? names.indexOf(p) === v : Number(p) === v;
    });
  };
  return (
    field(min, at.getUTCMinutes()) &&
    field(hour, at.getUTCHours()) &&
    field(dom, at.getUTCDate()) &&
    field(month, at.getUTCMonth() + 1) &&
    field(dow, at.getUTCDay(), days)
  );
}

describe('one schedule per job', () => {
  it('the local scheduler runs each job at exactly the moments EventBridge does (eight days, minute by minute)', () => {
    const from = new Date('2026-11-28T00:00:00Z');
    const until = from.getTime() + 8 * 86_400_000;
    for (const def of SCHEDULES.filter((s) => s.cron)) {
      const expected: string[] = [];
      for (let t = from.getTime() + 60_000; t <= until; t += 60_000)
        if (eventBridgeMatches(def.cron!, new Date(t))) expected.push(new Date(t).toISOString());
      // UTC as an offset (the scheduler's timezone: 'UTC' means the same; the Intl path is 30 times slower).
      const cron = new Cron(localCron(def)!, { utcOffset: 0, paused: true });
      const local: string[] = [];
      for (let next = cron.nextRun(from); next && next.getTime() <= until; next = cron.nextRun(next))
        local.push(next.toISOString());
      expect(local, def.name).toEqual(expected);
      expect(expected.length, def.name).toBeGreaterThan(0);
    }
  }, 120_000);

  it('refuses a numbered day of the week (EventBridge counts 1–7 from Sunday, cron 0–6) and a bad expression', () => {
    expect(() => localCron({ name: 'alerts', cron: 'cron(0 5 ? * 2 *)' })).toThrow(/name the day of the week/);
    expect(() => localCron({ name: 'alerts', cron: '0 5 * * 1' })).toThrow(/EventBridge/);
    expect(localCron({ name: 'alerts', cron: 'cron(0 5 ? * MON *)' })).toBe('0 5 * * MON');
    expect(localCron({ name: 'alerts' })).toBeUndefined();
  });

  it('every job is functions/jobs/<name>.ts defined once by defineJob, with its schedule entry and its due indexes', async () => {
    expect(new Set(SCHEDULES.map((s) => s.name))).toEqual(new Set(JOB_NAMES));
    for (const name of JOB_NAMES) {
      const mod = (await import(join(root, 'jobs', `${name}.ts`))) as { job: Job<object>; handler: unknown };
      expect(mod.job.name, name).toBe(name);
      expect(mod.job.schedule, name).toBe(SCHEDULES.find((s) => s.name === name));
      expect(mod.handler, name).toBe(mod.job.handler);
      for (const index of mod.job.reads) expect(DUE_INDEXES, name).toContain(index);
    }
  }, 120_000);
});

describe('cross-tenant work comes from lib/data/due-index.ts', () => {
  it('no hand-written gsi2 Query outside lib/data', () => {
    const offenders = sources(root).filter(
      (f) => !f.includes(join('lib', 'data')) && /IndexName: 'gsi2'/.test(readFileSync(f, 'utf8')),
    );
    expect(offenders.map((f) => f.slice(root.length + 1))).toEqual([]);
  });

  it('the registry names every G#… index a domain keeps (and only those)', () => {
    const declared = new Set<string>();
    for (const f of sources(root)) {
      for (const m of readFileSync(f, 'utf8').matchAll(/export const \w+(?:GSI_PK|INDEX_PK) = '(G#[A-Z_]+)'/g))
        declared.add(m[1]);
    }
    expect([...declared].sort()).toEqual([...DUE_INDEXES].sort());
  });

  it('every writer puts a due item on its shard (dueShardPk), never on the bare index key', () => {
    const constants = /gsi2pk: *\w+(?:GSI_PK|INDEX_PK)\b(?! *\()|gsi2pk: *'G#/;
    const offenders = sources(root).filter(
      (f) => !f.includes(join('lib', 'data')) && constants.test(readFileSync(f, 'utf8')),
    );
    expect(offenders.map((f) => f.slice(root.length + 1))).toEqual([]);
  });
});

describe('the run record: one shape, one entity type, one key order', () => {
  it('a company job log line is T#{t}#JOBRUN / {startedAt}#{job}, time first', () => {
    expect(companyJobLogKey(T, '2026-11-28T10:20:00.000Z', 'invoice-long-rentals')).toEqual({
      pk: `T#${T}#JOBRUN`,
      sk: '2026-11-28T10:20:00.000Z#invoice-long-rentals',
    });
  });

  it('the invoicing run details have their own partition, never the job log', async () => {
    const { invoicingRunKey } = await import('../../finance/invoicing');
    expect(invoicingRunKey(T, '2026-11-28T10:20:00.000Z', '01JBQ5ZQ4Y3M2X8V7W6T5S4R3Q')).toEqual({
      pk: `T#${T}#INVOICING_RUN`,
      sk: '2026-11-28T10:20:00.000Z#01JBQ5ZQ4Y3M2X8V7W6T5S4R3Q',
    });
    // No domain builds a key of the job log partition but lib/jobs.
    const writers = sources(root).filter((f) => /tenantPk\([^)]*'JOBRUN'/.test(readFileSync(f, 'utf8')));
    expect(writers.map((f) => f.slice(root.length + 1))).toEqual([join('lib', 'jobs', 'run-record.ts')]);
  });

  it('has exactly the fields the job logs read, figures only under counts, the first error samples', () => {
    const item = jobRunItem(
      'alerts',
      {
        startedAt: '2026-11-28T10:00:00.000Z',
        finishedAt: '2026-11-28T10:00:01.000Z',
        counts: { created: 2, startedAt: 'x', note: 'y' },
        errors: 1,
        errorSamples: ['a', 'b', 'c', 'd', 'e', 'f', 'g'],
        detail: { trigger: 'schedule', runBy: undefined },
      },
      T,
    );
    expect(Object.keys(item).sort()).toEqual([
      'counts',
      'detail',
      'entityType',
      'errorSamples',
      'errors',
      'finishedAt',
      'job',
      'startedAt',
      'status',
      'tenantId',
      'ttl',
    ]);
    expect(item).toMatchObject({
      entityType: 'JOB_RUN',
      status: 'failed',
      counts: { created: 2 },
      detail: { trigger: 'schedule' },
    });
    expect(item.errorSamples).toHaveLength(MAX_ERROR_SAMPLES);
    expect(Number(item.ttl) - Date.now() / 1000).toBeGreaterThan(89 * 86_400);
    expect(jobRunOf(item)).toEqual({
      job: 'alerts',
      startedAt: '2026-11-28T10:00:00.000Z',
      finishedAt: '2026-11-28T10:00:01.000Z',
      status: 'failed',
      counts: { created: 2 },
      errors: 1,
      errorSamples: ['a', 'b', 'c', 'd', 'e'],
      tenantId: T,
    });
  });
});

describe('jobContext', () => {
  it('takes the scheduled instant, falls back to now on a bad one, and limits a run to onlyTenants', () => {
    expect(jobContext('alerts', { time: '2026-11-28T05:00:00Z' }).now.toISOString()).toBe('2026-11-28T05:00:00.000Z');
    const before = Date.now();
    expect(jobContext('alerts', { time: 'not a time' }).now.getTime()).toBeGreaterThanOrEqual(before);
    const ctx = jobContext('alerts', { onlyTenants: [T] });
    expect([ctx.includes(T), ctx.includes('01JBQ5ZQ4Y3M2X8V7W6T5S4R3Q')]).toEqual([true, false]);
    expect(jobContext('alerts', {}).includes('anyone')).toBe(true);
  });
});
