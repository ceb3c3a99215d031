/**
 * Background tasks of the books (issue 30): the setup that posts the rentals not yet in the books, and CSV
 * exports of any length. Starting one answers at once with the task; its progress is polled with SWR every
 * second until it is done (the result, or the 5-minute download link of an export) or failed (its error).
 */
import { useState } from 'react';
import { useT } from '../../i18n';
import { toastApiError } from '../../lib/api-errors';
import { callApi, useApi, type BodyOf, type ResponseOf } from '../../lib/api-client';
import { polling } from '../../lib/swr';

type Task = Omit<NonNullable<ResponseOf<'getAccountingTask'>>, 'result'>;
export const finished = (task: Pick<Task, 'status'> | null | undefined) =>
  task?.status === 'done' || task?.status === 'failed';

function useTask(id: string | null) {
  return useApi('getAccountingTask', id ? { params: { id } } : null, {
    ...polling<ResponseOf<'getAccountingTask'> | null>((task) => (task && finished(task) ? 0 : 1000)),
  });
}

/** The task's state in words, with a progress bar while it runs (a count when the total is not known yet). */
export function TaskStatus({ task, unit }: { task: Task; unit: 'rentals' | 'rows' | 'records' }) {
  const t = useT();
  const w = (k: string, p?: Record<string, string | number>) => t(`accounting.ui.tasks.${k}`, p);
  const done = String(task.progress.done);
  return (
    <div className="mt-3 text-sm" role="status" aria-live="polite" data-testid="task-status">
      <p className="font-medium">{w(`status.${task.status}`)}</p>
      {!finished(task) ? (
        <>
          <progress
            className="mt-2 w-full"
            aria-label={w(`progress.${unit}`, { done })}
            {...(task.progress.total ? { value: task.progress.done, max: task.progress.total } : {})}
          />
          <p className="text-slate-600 dark:text-slate-300">{w(`progress.${unit}`, { done })}</p>
        </>
      ) : null}
      {task.status === 'failed' ? <p className="text-red-700 dark:text-red-400">{task.error}</p> : null}
    </div>
  );
}

/** POST /accounting/setup as a task: the chart when missing, then every rental not yet in the books. */
export function SetupBooksCard() {
  const t = useT();
  const w = (k: string, p?: Record<string, string | number>) => t(`accounting.ui.tasks.${k}`, p);
  const [id, setId] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const { data: task } = useTask(id);
  const start = async () => {
    setStarting(true);
    try {
      setId((await callApi('setupAccounting')).id);
    } catch (error) {
      toastApiError(w('startFailed'), error);
    } finally {
      setStarting(false);
    }
  };
  const result = task?.status === 'done' ? (task.result as { posted: number; skipped: number }) : null;
  return (
    <div className="card">
      <h3 className="font-medium">{w('setupTitle')}</h3>
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">{w('setupHint')}</p>
      <button
        type="button"
        className="btn-secondary"
        disabled={starting || (!!task && !finished(task))}
        onClick={() => void start()}
      >
        {w('setupStart')}
      </button>
      {task ? <TaskStatus task={task} unit="rentals" /> : null}
      {result ? (
        <p className="mt-1 text-sm" data-testid="setup-result">
          {w('setupResult', { posted: String(result.posted), skipped: String(result.skipped) })}
        </p>
      ) : null}
    </div>
  );
}

/**
 * An export of any length, written by a task to a file: the button starts it, the progress shows while it is
 * written, then a download link (valid 5 minutes; the button makes a fresh one).
 */
export function ExportTaskButton({
  body,
  disabled = false,
}: {
  body: BodyOf<'createAccountingExport'>;
  disabled?: boolean;
}) {
  const t = useT();
  const w = (k: string, p?: Record<string, string | number>) => t(`accounting.ui.tasks.${k}`, p);
  const [id, setId] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const { data: task } = useTask(id);
  const start = async () => {
    setStarting(true);
    try {
      setId((await callApi('createAccountingExport', { body })).id);
    } catch (error) {
      toastApiError(w('startFailed'), error);
    } finally {
      setStarting(false);
    }
  };
  const rows = Number(task?.result?.rows ?? 0);
  return (
    <div className="flex flex-col items-start">
      <button
        type="button"
        className="btn-secondary"
        disabled={disabled || starting || (!!task && !finished(task))}
        onClick={() => void start()}
      >
        {w('exportStart')}
      </button>
      {task && task.status !== 'done' ? <TaskStatus task={task} unit="rows" /> : null}
      {task?.status === 'done' && task.downloadUrl ? (
        <a className="mt-2 text-sm font-medium underline" href={task.downloadUrl} data-testid="export-download">
          {w('exportDownload', { count: rows })}
        </a>
      ) : null}
    </div>
  );
}
