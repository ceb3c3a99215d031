/**
 * The bench's result table. Every line is a Check: what was measured, and optionally a budget
 * with its verdict. A line without a budget prints its figure only (never PASS): local latencies
 * are not Lambda latencies, and "before" figures are there to compare, not to judge.
 *
 * To add lines (e.g. Lighthouse scores), write a Section (a name and a `run` that returns checks)
 * and add it to the list in ./run.ts.
 */
export interface Budget {
  /** How the budget reads in the table, e.g. "≤ 150 ms". */
  text: string;
  pass: boolean;
}

export interface Check {
  check: string;
  measured: string;
  budget?: Budget;
  /** A remark printed after the verdict (what the figure means, where it comes from). */
  note?: string;
}

export interface SectionContext {
  /** Base URL of the fresh local stack (only for sections with needsStack). */
  base: string;
}

export interface Section {
  /** Name used by BENCH_ONLY=<name>,<name> to run a subset. */
  name: string;
  /** Needs the local emulator stack (started once for all sections that need it). */
  needsStack: boolean;
  /**
   * Runs on a stack of its own whose DynamoDB Local keeps the table in memory: for a section that measures only
   * DynamoDB calls and capacity (no time), where seeding 100,000 items into the file-backed emulator would take
   * most of an hour (68 items/s there, 417 in memory, measured here with the table's indexes).
   */
  inMemoryTable?: boolean;
  run(ctx: SectionContext): Promise<Check[]>;
}

export const budget = (text: string, pass: boolean): Budget => ({ text, pass });

export function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
}

export const median = (values: number[]) => percentile(values, 50);
export const ms = (n: number) => `${n.toFixed(1)} ms`;

export function verdict(c: Check): string {
  if (!c.budget) return '—';
  return c.budget.pass ? 'PASS' : 'FAIL';
}

export function formatTable(checks: Check[]): string {
  const cols = checks.map((c) => [c.check, c.measured, c.budget?.text ?? '', verdict(c), c.note ?? '']);
  const head = ['check', 'measured', 'budget', 'verdict', 'note'];
  const widths = head.map((h, i) => Math.max(h.length, ...cols.map((r) => r[i].length)));
  const line = (r: string[]) =>
    r
      .map((v, i) => (i === r.length - 1 ? v : v.padEnd(widths[i])))
      .join(' │ ')
      .trimEnd();
  return [line(head), '─'.repeat(widths.reduce((n, w) => n + w + 3, 0)), ...cols.map(line)].join('\n');
}
