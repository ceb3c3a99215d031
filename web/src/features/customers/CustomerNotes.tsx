/** The notes of a customer's profile: add with visibility, newest first. */
import { useState, type FormEvent } from 'react';
import { NOTE_VISIBILITIES, noteCreateSchema, type NoteVisibility } from '../../../../shared/schemas/customers';
import type { CustomerNote } from '../../../../shared/schemas/customers-responses';
import { FormField } from '../../components/FormField';
import { FilterSelect } from '../../components/FilterSelect';
import { ListState, LoadMoreButton } from '../../components/ListKit';
import { toast } from '../../components/toast/toast-store';
import { useT } from '../../i18n';
import { toastApiError } from '../../lib/api-errors';
import { useFormSubmit } from '../../lib/use-form-submit';
import { useCan } from '../../lib/use-can';
import { useCursorList } from '../../lib/use-cursor-list';
import { customerApi, LIVE, useDate } from './customer-api';

export function CustomerNotes({ customerId }: { customerId: string }) {
  const t = useT();
  const date = useDate();
  const can = useCan();
  // Front-desk staff neither see nor write internal notes (the API enforces the same).
  const visibilities = NOTE_VISIBILITIES.filter((v) => can('blacklistEdit') || v !== 'internal');
  const notes = useCursorList<CustomerNote>(
    { op: 'listCustomerNotes', params: { id: customerId } },
    {},
    { limit: 50, swr: LIVE },
  );
  const [content, setContent] = useState('');
  const [visibility, setVisibility] = useState<NoteVisibility>('staff_only');
  const form = useFormSubmit(
    noteCreateSchema,
    async (body: { content: string; visibility: NoteVisibility }) => {
      try {
        await customerApi.addNote(customerId, body);
        toast({ variant: 'success', title: t('customers.notes.added') });
        setContent('');
        void notes.revalidate();
        return {};
      } catch (err) {
        return toastApiError(t('customers.notes.addFailed'), err).fields;
      }
    },
    { sendParsed: true },
  );
  const add = (e: FormEvent) => {
    e.preventDefault();
    void form.submit({ content, visibility });
  };

  return (
    <section className="card" aria-labelledby="notes-title">
      <h2 id="notes-title" className="mb-3 font-semibold">
        {t('customers.notes.title')}
      </h2>
      {can('customersEdit') && (
        <form onSubmit={add} noValidate className="mb-4 space-y-2">
          <FormField id="note-content" label={t('customers.notes.content')} error={form.errors.content || undefined}>
            <textarea
              className="field-input"
              rows={2}
              value={content}
              onChange={(e) => {
                setContent(e.target.value);
                form.clearError('content');
              }}
            />
          </FormField>
          <div className="flex flex-wrap items-end gap-2">
            <FilterSelect
              id="note-visibility"
              label={t('customers.notes.visibilityLabel')}
              value={visibility}
              onChange={(v) => setVisibility(v as NoteVisibility)}
              options={visibilities.map(
                (v) =>
                  [v, `${t(`customers.notes.visibility.${v}`)} — ${t(`customers.notes.visibilityHelp.${v}`)}`] as const,
              )}
            />
            <button type="submit" className="btn-primary" disabled={form.saving}>
              {t('customers.notes.add')}
            </button>
          </div>
        </form>
      )}
      <ListState
        list={notes}
        errorTitle={t('customers.notes.loadFailed')}
        skeleton={{ rows: 3, columns: 1 }}
        empty={<p className="text-sm text-slate-600 dark:text-slate-300">{t('customers.notes.empty')}</p>}
      >
        <ul className="space-y-3">
          {notes.items.map((n) => (
            <li key={n.id} className="rounded-ui border border-slate-200 p-3 dark:border-slate-800">
              <p className="whitespace-pre-wrap text-sm">{n.content}</p>
              <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-600 dark:text-slate-300">
                <span className="rounded-full bg-slate-100 px-2 py-0.5 dark:bg-slate-800">
                  {t(`customers.notes.visibility.${n.visibility}`)}
                </span>
                {t('customers.notes.by', { author: n.authorName ?? '—', date: date(n.createdAt) })}
              </p>
            </li>
          ))}
        </ul>
      </ListState>
      <LoadMoreButton list={notes} label={t('customers.loadMore')} />
    </section>
  );
}
