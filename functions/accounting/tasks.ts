import { addDays } from '../../shared/calendar';
import { normalBalance } from '../../shared/accounting/chart';
import { fromMinor } from '../../shared/money';
import type { AccountingExportBody } from '../../shared/schemas/accounting';
import { csvExportRunner, exportTaskView, type CsvSource } from '../lib/csv-export';
import { queryPage } from '../lib/data/repo';
import { readTask, startTask, toTaskView, type TaskItem, type TaskPage, type TaskRunner } from '../lib/tasks';
import { getAccountOr404 } from './accounts';
import { readMovements } from './buckets';
import { glLinePk, journalByDatePk, type JournalItem } from './model';
import { localiseBooks } from './localise';
import { backfillRentalsPage } from './rental-postings';
import { readAccounts } from './setup';
import { SELF_CHECK_TASK, selfCheckRunner } from './self-check-task';

/**
 * The accounting domain's background tasks (functions/lib/tasks.ts): the books' setup (POST /accounting/setup,
 * which posted every rental of the company in one request: 1,070 DynamoDB calls on the demo company) and the
 * CSV exports that grow with a company's history (a general ledger of any length, a year of journal lines), and
 * the self-check, which reads the whole history (./self-check-task.ts).
 */
export const SETUP_TASK = 'accounting-setup';
export const EXPORT_TASKS = {
  'general-ledger': 'accounting-export-general-ledger',
  journal: 'accounting-export-journal',
};
const TASK_KINDS = [SETUP_TASK, SELF_CHECK_TASK, ...Object.values(EXPORT_TASKS)];

/** Rows read per DynamoDB page of an export (1 MB Query pages hold about this many lines). */
const EXPORT_PAGE = 1000;

interface SetupState {
  phase?: 'rentals';
  cursor?: string | null;
  posted?: number;
  skipped?: number;
}

/**
 * Setup in pages: first the books created or localised to the company's region (idempotent), then 50 rentals
 * a page posted when not yet in the books (a rental already complete is skipped, so a page re-done after a
 * crash posts nothing twice). Progress counts rentals; the total is unknown until the last page (counting a
 * company's rentals would read them all).
 */
const setupRunner: TaskRunner = async (task): Promise<TaskPage> => {
  const s = task.state as SetupState;
  if (s.phase !== 'rentals') {
    await localiseBooks(task.pk.split('#')[1]);
    return { state: { phase: 'rentals', cursor: null, posted: 0, skipped: 0 }, progress: { done: 0, total: null } };
  }
  const page = await backfillRentalsPage(task.pk.split('#')[1], s.cursor ?? null);
  const posted = (s.posted ?? 0) + page.posted;
  const skipped = (s.skipped ?? 0) + page.skipped;
  const done = posted + skipped;
  const state = { phase: 'rentals', cursor: page.nextCursor, posted, skipped };
  if (page.nextCursor) return { state, progress: { done, total: null } };
  return { state, progress: { done, total: done }, result: { posted, skipped } };
};

type GlLine = {
  entryNumber: string;
  date: string;
  description: string;
  source: string;
  debitMinor: number;
  creditMinor: number;
  sk: string;
};

/** The general ledger of one account over a period, any length; the running balance carried page to page. */
async function generalLedgerSource(task: TaskItem): Promise<CsvSource> {
  const tenantId = task.pk.split('#')[1];
  const q = task.input as { accountId: string; from: string; to: string };
  const account = await getAccountOr404(tenantId, q.accountId);
  return {
    header: ['date', 'entry', 'description', 'source', 'debit', 'credit', 'balance'],
    money: [false, false, false, false, true, true, true],
    fileName: `general-ledger-${account.code}-${q.from}-${q.to}.csv`,
    async page(cursor, state) {
      let running = state.running as number | undefined;
      if (running === undefined) {
        const o = (await readMovements(tenantId, null, addDays(q.from, -1))).get(account.id);
        running = normalBalance(account.type, o?.debitMinor ?? 0, o?.creditMinor ?? 0);
      }
      const page = await queryPage<GlLine>({
        tenantId,
        pk: glLinePk(tenantId, account.id),
        skBetween: [q.from, `${q.to}#\uffff`],
        limit: EXPORT_PAGE,
        cursor,
        signature: ['export', q.from, q.to],
      });
      const rows = page.items.map((l) => {
        running = (running as number) + normalBalance(account.type, l.debitMinor, l.creditMinor);
        return [
          l.date,
          l.entryNumber,
          l.description,
          l.source,
          fromMinor(l.debitMinor),
          fromMinor(l.creditMinor),
          fromMinor(running),
        ];
      });
      return { rows, nextCursor: page.nextCursor, state: { running } };
    },
  };
}

/** Every journal line of a period (a year of them: tens of thousands), oldest first, one row per line. */
async function journalSource(task: TaskItem): Promise<CsvSource> {
  const tenantId = task.pk.split('#')[1];
  const q = task.input as { from: string; to: string };
  const accounts = new Map((await readAccounts(tenantId)).map((a) => [a.id, a]));
  return {
    header: ['date', 'entry', 'description', 'reference', 'source', 'account', 'account name', 'debit', 'credit'],
    money: [false, false, false, false, false, false, false, true, true],
    fileName: `journal-${q.from}-${q.to}.csv`,
    async page(cursor, state) {
      const page = await queryPage<JournalItem>({
        tenantId,
        pk: journalByDatePk(tenantId),
        index: 'gsi1',
        skBetween: [q.from, `${q.to}#\uffff`],
        limit: EXPORT_PAGE / 4,
        cursor,
        signature: ['export', q.from, q.to],
      });
      const rows = page.items.flatMap((e) =>
        e.lines.map((l) => [
          e.date,
          e.entryNumber,
          e.description,
          e.reference,
          e.source,
          l.accountCode,
          accounts.get(l.accountId)?.name ?? '',
          fromMinor(l.debitMinor),
          fromMinor(l.creditMinor),
        ]),
      );
      return { rows, nextCursor: page.nextCursor, state };
    },
  };
}

export const accountingTaskRunners: Record<string, TaskRunner> = {
  [SETUP_TASK]: setupRunner,
  [SELF_CHECK_TASK]: selfCheckRunner,
  [EXPORT_TASKS['general-ledger']]: csvExportRunner(generalLedgerSource),
  [EXPORT_TASKS.journal]: csvExportRunner(journalSource),
};

/** POST /accounting/setup: the task recorded and started (202); GET /accounting/tasks/{id} shows it. */
export async function startSetup(tenantId: string, userId: string | null) {
  return startTask({ tenantId, domain: 'accounting', kind: SETUP_TASK, input: {}, createdBy: userId });
}

/** POST /accounting/exports: checks the account exists (404 now, not a failed task later), then starts. */
export async function startExport(tenantId: string, userId: string | null, body: AccountingExportBody) {
  if (body.report === 'general-ledger') await getAccountOr404(tenantId, body.accountId!);
  const input =
    body.report === 'general-ledger'
      ? { accountId: body.accountId!, from: body.from, to: body.to }
      : { from: body.from, to: body.to };
  const task = await startTask({
    tenantId,
    domain: 'accounting',
    kind: EXPORT_TASKS[body.report],
    input,
    createdBy: userId,
  });
  return exportTaskView(task);
}

export async function getTask(tenantId: string, id: string) {
  return exportTaskView(toTaskView(await readTask(tenantId, id, TASK_KINDS)));
}
