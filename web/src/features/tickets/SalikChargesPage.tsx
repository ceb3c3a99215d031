/**
 * /salik-charges (issue 13): toll passages newest first, filters (match, recharged), statement
 * import with mapping and preview, add by hand, resolve an unmatched passage, recharge a
 * rental's matched passages (tolls + admin fee per crossing, VAT per company settings).
 */
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { MATCH_STATES, type MatchState } from '../../../../shared/tickets/rules';
import { createSalikSchema } from '../../../../shared/schemas/tickets';
import { FilterSelect } from '../../components/FilterSelect';
import { FormField } from '../../components/FormField';
import { DialogActions, Modal } from '../../components/Dialogs';
import { EmptyList, ListState, ListTable, LoadMoreButton } from '../../components/ListKit';
import { PageHeader } from '../../components/PageHeader';
import { StatusPill } from '../../components/StatusPill';
import { toast } from '../../components/toast/toast-store';
import { useT } from '../../i18n';
import { toastApiError } from '../../lib/api-errors';
import { useCursorList } from '../../lib/use-cursor-list';
import { useFormSubmit } from '../../lib/use-form-submit';
import { useMoney } from '../../lib/money';
import { fromLocalInput, useCompanyTimeZone, useDateTime } from '../../lib/company-clock';
import { ResolveDialog, useResolver, useTollRecharge } from './components';
import { ImportDialog } from './ImportDialog';
import { MATCH_TONES, ticketsApi, type SalikCharge } from './tickets-api';
import { type BodyOf } from '../../lib/api-client';

const LIVE = { revalidateIfStale: true, revalidateOnMount: true, dedupingInterval: 0 } as const;

export default function SalikChargesPage() {
  const t = useT();
  const money = useMoney();
  const when = useDateTime();
  const [params] = useSearchParams();
  const [match, setMatch] = useState<'all' | MatchState>(() =>
    (MATCH_STATES as readonly string[]).includes(params.get('match') ?? '')
      ? (params.get('match') as MatchState)
      : 'all',
  );
  const [recharged, setRecharged] = useState<'all' | 'true' | 'false'>('all');
  const [importing, setImporting] = useState(false);
  const [adding, setAdding] = useState(false);
  const [resolving, setResolving] = useState<SalikCharge | null>(null);
  const list = useCursorList<SalikCharge>(
    'listSalikCharges',
    { match: match === 'all' ? undefined : match, recharged: recharged === 'all' ? undefined : recharged },
    { limit: 50, swr: LIVE },
  );
  const refresh = () => void list.revalidate();
  const resolve = useResolver(ticketsApi.updatePassage, () => {
    setResolving(null);
    refresh();
  });
  const tolls = useTollRecharge(refresh);

  return (
    <>
      <PageHeader
        title={t('tickets.salikTitle')}
        subtitle={t('tickets.salikSubtitle')}
        actions={
          <span className="flex flex-wrap gap-2">
            <button type="button" className="btn-secondary" onClick={() => setAdding(true)}>
              {t('tickets.addPassage')}
            </button>
            <button type="button" className="btn-primary" onClick={() => setImporting(true)}>
              {t('tickets.importStatement')}
            </button>
          </span>
        }
      />
      <section className="mb-4 flex flex-wrap items-end gap-3">
        <FilterSelect
          id="salik-match"
          label={t('tickets.filterMatch')}
          value={match}
          onChange={(v) => setMatch(v as typeof match)}
          options={[
            ['all', t('tickets.allMatches')],
            ...MATCH_STATES.map((s) => [s, t(`tickets.match.${s}`)] as const),
          ]}
        />
        <FilterSelect
          id="salik-recharged"
          label={t('tickets.filterRecharged')}
          value={recharged}
          onChange={(v) => setRecharged(v as typeof recharged)}
          options={[
            ['all', t('tickets.allMatches')],
            ['true', t('tickets.rechargedYes')],
            ['false', t('tickets.rechargedNo')],
          ]}
        />
      </section>
      <ListState
        list={list}
        errorTitle={t('tickets.salikLoadFailed')}
        empty={
          <EmptyList
            area="tickets.salik"
            filtered={match !== 'all' || recharged !== 'all'}
            onClear={() => {
              setMatch('all');
              setRecharged('all');
            }}
          />
        }
      >
        <ListTable
          columns={(['tollTime', 'plate', 'gateLocation', 'amount', 'rental', 'recharged', 'actions'] as const).map(
            (c) => t(`tickets.field.${c}`),
          )}
        >
          {list.items.map((s) => (
            <tr key={s.id} data-salik-id={s.id} data-gate={s.gateLocation}>
              <td className="px-3 py-2">{when(s.tollTime)}</td>
              <td className="whitespace-nowrap px-3 py-2 font-mono" dir="ltr">
                {s.licensePlate}
              </td>
              <td className="px-3 py-2">
                {s.gateLocation}
                {s.direction && <span className="text-xs text-slate-600 dark:text-slate-300"> · {s.direction}</span>}
              </td>
              <td className="whitespace-nowrap px-3 py-2">{money(s.amount)}</td>
              <td className="px-3 py-2">
                <span title={t(`tickets.matchHelp.${s.matchState}`)}>
                  <StatusPill status={s.matchState} labelKey="tickets.match" tones={MATCH_TONES} dataName="match" />
                </span>
                {s.rentalReference && (
                  <div className="text-xs">
                    {s.rentalReference} · {s.customer}
                  </div>
                )}
              </td>
              <td className="px-3 py-2">{s.rechargedAt ? when(s.rechargedAt, false) : '—'}</td>
              <td className="px-3 py-2">
                <span className="flex flex-wrap gap-2">
                  {s.matchState !== 'matched' && !s.rechargedAt && (
                    <button type="button" className="link text-xs" onClick={() => setResolving(s)}>
                      {t('tickets.resolve')}
                    </button>
                  )}
                  {s.matchState === 'matched' && !s.rechargedAt && s.rentalId && (
                    <button
                      type="button"
                      className="link text-xs"
                      onClick={() => tolls.ask({ rentalId: s.rentalId!, rentalReference: s.rentalReference ?? '' })}
                    >
                      {t('tickets.rechargeTolls')}
                    </button>
                  )}
                </span>
              </td>
            </tr>
          ))}
        </ListTable>
      </ListState>
      <LoadMoreButton list={list} label={t('tickets.loadMore')} />
      <ImportDialog kind="salik" open={importing} onClose={() => setImporting(false)} onImported={refresh} />
      <Modal open={adding} onClose={() => setAdding(false)} title={t('tickets.addPassage')} wide>
        {adding && (
          <AddPassageForm
            onDone={() => {
              setAdding(false);
              refresh();
            }}
            onCancel={() => setAdding(false)}
          />
        )}
      </Modal>
      <ResolveDialog
        record={resolving && { ...resolving, at: resolving.tollTime }}
        onClose={() => setResolving(null)}
        onChoose={(rentalId) => resolve(resolving!, rentalId)}
      />
      {tolls.dialog}
    </>
  );
}

function AddPassageForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const t = useT();
  const tz = useCompanyTimeZone();
  const [v, setV] = useState<Record<string, string>>({ tollTime: '', plate: '', gateLocation: '', amount: '' });
  const send = async (body: Record<string, unknown>) => {
    try {
      // The form's draft: the server checks it against the route's body schema (400 with field errors).
      const made = await ticketsApi.createPassage(body as BodyOf<'createSalikCharge'>);
      toast({
        variant: 'success',
        title: t('tickets.passageCreated'),
        description: t(`tickets.match.${made.matchState}`),
      });
      onDone();
      return {};
    } catch (error) {
      return toastApiError(t('tickets.passageFailed'), error).fields;
    }
  };
  const { errors, saving, submit, clearError } = useFormSubmit(createSalikSchema, send);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit({
      tollTime: fromLocalInput(v.tollTime, tz) ?? v.tollTime,
      plate: v.plate,
      gateLocation: v.gateLocation,
      amount: v.amount === '' ? undefined : Number(v.amount),
    });
  };
  const field = (name: string, type = 'text') => (
    <FormField id={`salik-${name}`} label={`${t(`tickets.field.${name}`)} *`} error={errors[name]}>
      <input
        className="field-input"
        type={type}
        value={v[name]}
        step={type === 'number' ? '0.01' : undefined}
        dir={name === 'plate' ? 'ltr' : undefined}
        onChange={(e) => {
          setV((x) => ({ ...x, [name]: e.target.value }));
          clearError(name);
        }}
      />
    </FormField>
  );
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3 sm:grid-cols-2">
      {field('tollTime', 'datetime-local')}
      {field('plate')}
      {field('gateLocation')}
      {field('amount', 'number')}
      <div className="sm:col-span-2">
        <DialogActions>
          <button type="button" className="btn-secondary" onClick={onCancel} disabled={saving}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn-primary" disabled={saving}>
            {saving ? t('tickets.saving') : t('tickets.save')}
          </button>
        </DialogActions>
      </div>
    </form>
  );
}
