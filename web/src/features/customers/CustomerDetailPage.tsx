/**
 * /customers/{id}: the profile. Blacklist warning first (when the customer matches an active or
 * reviewed entry), then details, driver eligibility for the company's region (age, young driver,
 * licence status), loyalty with progress to the next tier, notes with visibility, documents
 * with upload progress, and rental history ("Failed to load rental history" on failure).
 */
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import { hasAbility } from '../../../../shared/permissions';
import {
  CUSTOMER_DOCUMENT_TYPES, DOCUMENT_CONTENT_TYPES, DOCUMENT_MAX_BYTES, NOTE_VISIBILITIES, noteCreateSchema,
  type NoteVisibility,
} from '../../../../shared/schemas/customers';
import { PageHeader } from '../../components/PageHeader';
import { DetailSkeleton, TableSkeleton } from '../../components/Skeletons';
import { toast } from '../../components/toast/toast-store';
import { useAuth } from '../../auth/context';
import { ApiError } from '../../lib/api';
import { useT } from '../../i18n';
import { ActiveBadge, ConfirmDialog, ErrorPanel, LicenceBadge, Modal, TierBadge, VipBadge } from './components';
import { CustomerForm } from './CustomerForm';
import {
  customerApi, customerPath, failureDescription, issuesToErrors, putWithProgress, serverFieldErrors, useCan, useDate,
  LIVE, useMoney, type Customer, type Page,
} from './customer-api';

const DETAIL_FIELDS = [
  'firstName', 'lastName', 'email', 'phone', 'dateOfBirth', 'gender', 'nationalIdOrPassport', 'countryOfOrigin', 'preferredLanguage',
  'licenseNumber', 'licenseIssuer', 'licenseIssuedDate', 'licenseExpiryDate', 'homeAddress', 'fullAddress', 'visaNumber',
  'emergencyContactName', 'emergencyContactPhone', 'emergencyContactRelationship', 'referralSource', 'addedDate', 'internalNotes',
] as const;
const DATE_FIELDS = new Set(['dateOfBirth', 'licenseIssuedDate', 'licenseExpiryDate', 'addedDate']);

export default function CustomerDetailPage() {
  const { id = '' } = useParams();
  const t = useT();
  const can = useCan();
  const date = useDate();
  const money = useMoney();
  const customer = useSWR<Customer | null>(id ? customerPath(id) : null, LIVE);
  const [editing, setEditing] = useState(false);
  const [confirmDeactivate, setConfirmDeactivate] = useState(false);
  const [pending, setPending] = useState(false);
  const c = customer.data;

  if (customer.error) {
    const missing = customer.error instanceof ApiError && customer.error.status === 404;
    return (
      <>
        <Link to="/customers" className="link text-sm">{t('customers.profile.back')}</Link>
        <div className="mt-4">
          <ErrorPanel title={missing ? t('customers.profile.notFound') : t('customers.profile.loadFailed')} onRetry={missing ? undefined : () => void customer.mutate()} />
        </div>
      </>
    );
  }
  if (!c) return <DetailSkeleton />;

  const refresh = (updated?: Customer) => {
    if (updated) void customer.mutate({ ...updated, blacklistMatches: c.blacklistMatches }, { revalidate: true });
    else void customer.mutate();
  };

  const save = async (body: Record<string, unknown>) => {
    try {
      const updated = await customerApi.update(c.id, body);
      toast({ variant: 'success', title: t('customers.updated'), description: updated.fullNameEnglish });
      setEditing(false);
      refresh(updated);
      return {};
    } catch (error) {
      toast({ variant: 'destructive', title: t('customers.updateFailed'), description: failureDescription(t, error) });
      return serverFieldErrors(t, error);
    }
  };

  const toggleVip = async () => {
    setPending(true);
    try {
      const updated = await customerApi.setVip(c, !c.isVip);
      toast({ variant: 'success', title: updated.isVip ? t('customers.vipOn', { name: c.fullNameEnglish }) : t('customers.vipOff', { name: c.fullNameEnglish }) });
      refresh(updated);
    } catch (error) {
      toast({ variant: 'destructive', title: t('customers.vipFailed'), description: failureDescription(t, error) });
    } finally {
      setPending(false);
    }
  };

  const setActive = async (isActive: boolean) => {
    setPending(true);
    try {
      const updated = await customerApi.setActive(c, isActive);
      toast({ variant: 'success', title: isActive ? t('customers.activated') : t('customers.deactivated'), description: c.fullNameEnglish });
      setConfirmDeactivate(false);
      refresh(updated);
    } catch (error) {
      toast({ variant: 'destructive', title: t('customers.activeFailed'), description: failureDescription(t, error) });
    } finally {
      setPending(false);
    }
  };

  const display = (f: (typeof DETAIL_FIELDS)[number]) => {
    const v = (c as unknown as Record<string, string | undefined>)[f];
    if (!v) return <span className="text-slate-500">{t('customers.notSet')}</span>;
    if (DATE_FIELDS.has(f)) return date(v);
    if (f === 'gender') return t(`customers.gender.${v}`);
    if (f === 'preferredLanguage') return t(`customers.language.${v}`);
    if (f === 'email' || f.toLowerCase().includes('phone') || f === 'licenseNumber') return <span dir="ltr">{v}</span>;
    return v;
  };

  const matches = c.blacklistMatches ?? [];

  return (
    <>
      <Link to="/customers" className="link text-sm">{t('customers.profile.back')}</Link>
      <div className="mt-2">
        <PageHeader
          title={c.fullNameEnglish}
          subtitle={
            <span className="flex flex-wrap items-center gap-2">
              {c.fullNameArabic && <span dir="rtl">{c.fullNameArabic}</span>}
              <TierBadge tier={c.loyaltyTier} />
              {c.isVip && <VipBadge />}
              <ActiveBadge active={c.isActive} />
            </span>
          }
          actions={can('customersEdit') ? (
            <>
              <button type="button" className="btn-secondary" aria-pressed={c.isVip} disabled={pending} onClick={() => void toggleVip()}>
                {c.isVip ? t('customers.unvipAction') : t('customers.vipAction')}
              </button>
              {c.isActive ? (
                <button type="button" className="btn-secondary" disabled={pending} onClick={() => setConfirmDeactivate(true)}>{t('customers.deactivate')}</button>
              ) : (
                <button type="button" className="btn-secondary" disabled={pending} onClick={() => void setActive(true)}>{t('customers.activate')}</button>
              )}
              <button type="button" className="btn-primary" onClick={() => setEditing(true)}>{t('customers.editCustomer')}</button>
            </>
          ) : undefined}
        />
      </div>

      {matches.length > 0 && (
        <section role="alert" data-testid="blacklist-warning" className="mb-6 rounded-ui-lg border border-red-300 bg-red-50 p-4 text-red-900 dark:border-red-800 dark:bg-red-950/40 dark:text-red-100">
          <h2 className="font-semibold">⚠ {t('customers.profile.blacklistTitle')}</h2>
          <p className="mt-1 text-sm">{t('customers.profile.blacklistBody')}</p>
          <ul className="mt-3 space-y-2">
            {matches.map((m) => (
              <li key={m.entry.id} className="text-sm">
                <span className="font-medium">{m.entry.fullName}</span>
                {' · '}
                {t('customers.profile.matchedOn')}: {m.reasons.map((r) => t(`customers.matchReason.${r}`)).join(', ')}
                {' · '}
                <span className="font-medium">{m.strong ? t('customers.profile.strong') : t('customers.profile.weak')}</span>
                <div>{t('customers.profile.blacklistReason', { reason: m.entry.reason })}</div>
              </li>
            ))}
          </ul>
        </section>
      )}

      <div className="grid gap-6 lg:grid-cols-3">
        <section className="card lg:col-span-2" aria-labelledby="details-title">
          <h2 id="details-title" className="mb-3 font-semibold">{t('customers.profile.details')}</h2>
          <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
            {DETAIL_FIELDS.map((f) => (
              <div key={f} className={f === 'internalNotes' || f === 'fullAddress' ? 'sm:col-span-2' : undefined}>
                <dt className="text-xs font-medium text-slate-600 dark:text-slate-300">{t(`customers.field.${f}`)}</dt>
                <dd className="mt-0.5 text-sm">{display(f)}</dd>
              </div>
            ))}
          </dl>
        </section>

        <div className="space-y-6">
          <section className="card" aria-labelledby="driver-title" data-testid="driver-card">
            <h2 id="driver-title" className="mb-3 font-semibold">{t('customers.profile.driver')}</h2>
            <p className="text-sm">{c.age === null ? t('customers.profile.ageUnknown') : t('customers.profile.age', { age: c.age })}</p>
            {c.eligibleToRent !== null && (
              <p className={`mt-1 text-sm font-medium ${c.eligibleToRent ? 'text-emerald-800 dark:text-emerald-300' : 'text-red-800 dark:text-red-300'}`}>
                {c.eligibleToRent ? t('customers.profile.eligible') : t('customers.profile.notEligible')}
              </p>
            )}
            {c.youngDriver && (
              <p className="mt-2 text-sm">
                <span className="inline-flex rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-900/40 dark:text-amber-100" data-testid="young-driver">
                  {t('customers.profile.youngDriver')}
                </span>
                <span className="ms-2 text-slate-600 dark:text-slate-300">{t('customers.profile.youngDriverHint')}</span>
              </p>
            )}
            <p className="mt-3 flex items-center gap-2 text-sm">
              {t('customers.profile.licenceStatus')}: <LicenceBadge status={c.licenseStatus} />
            </p>
          </section>

          <section className="card" aria-labelledby="loyalty-title">
            <h2 id="loyalty-title" className="mb-3 font-semibold">{t('customers.profile.loyalty')}</h2>
            <p className="flex items-center gap-2"><TierBadge tier={c.loyaltyTier} /><span className="text-sm">{t('customers.scorePoints', { score: c.loyaltyScore })}</span></p>
            <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
              <dt className="text-slate-600 dark:text-slate-300">{t('customers.field.completedRentals')}</dt><dd className="tabular-nums">{c.completedRentals}</dd>
              <dt className="text-slate-600 dark:text-slate-300">{t('customers.field.rentalsCount')}</dt><dd className="tabular-nums">{c.rentalsCount}</dd>
              <dt className="text-slate-600 dark:text-slate-300">{t('customers.field.totalSpend')}</dt><dd className="tabular-nums">{money(c.totalSpend)}</dd>
            </dl>
            <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">
              {c.loyaltyNext
                ? t('customers.nextTier', { rentals: c.loyaltyNext.rentalsNeeded, spend: money(c.loyaltyNext.spendNeeded), tier: t(`customers.tier.${c.loyaltyNext.tier}`) })
                : t('customers.topTier')}
            </p>
          </section>
        </div>
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <NotesSection customerId={c.id} />
        <DocumentsSection customerId={c.id} canUpload={can('customersEdit')} />
      </div>
      <RentalHistory customerId={c.id} />

      <Modal open={editing} onClose={() => setEditing(false)} title={t('customers.editCustomer')} wide="extra">
        {editing && <CustomerForm customer={c} onSubmit={save} onCancel={() => setEditing(false)} />}
      </Modal>
      <ConfirmDialog
        open={confirmDeactivate}
        title={t('customers.confirmDeactivateTitle')}
        body={t('customers.confirmDeactivateBody', { name: c.fullNameEnglish })}
        confirmLabel={t('customers.deactivate')}
        pending={pending}
        onConfirm={() => void setActive(false)}
        onClose={() => setConfirmDeactivate(false)}
      />
    </>
  );
}

interface Note {
  id: string;
  content: string;
  visibility: NoteVisibility;
  authorName: string | null;
  createdAt: string;
}

function NotesSection({ customerId }: { customerId: string }) {
  const t = useT();
  const date = useDate();
  const can = useCan();
  const { user } = useAuth();
  const managers = hasAbility(user?.role, 'blacklistEdit');
  // Front-desk staff neither see nor write internal notes (the API enforces the same).
  const visibilities = NOTE_VISIBILITIES.filter((v) => managers || v !== 'internal');
  const notes = useSWR<Page<Note> | null>(`${customerPath(customerId)}/notes?limit=50`, LIVE);
  const [content, setContent] = useState('');
  const [visibility, setVisibility] = useState<NoteVisibility>('staff_only');
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);

  const add = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = noteCreateSchema.safeParse({ content, visibility });
    if (!parsed.success) {
      setError(issuesToErrors(t, parsed.error.issues).content ?? '');
      return;
    }
    setSaving(true);
    try {
      await customerApi.addNote(customerId, parsed.data);
      toast({ variant: 'success', title: t('customers.notes.added') });
      setContent('');
      setError('');
      void notes.mutate();
    } catch (err) {
      setError(serverFieldErrors(t, err).content ?? '');
      toast({ variant: 'destructive', title: t('customers.notes.addFailed'), description: failureDescription(t, err) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="card" aria-labelledby="notes-title">
      <h2 id="notes-title" className="mb-3 font-semibold">{t('customers.notes.title')}</h2>
      {can('customersEdit') && (
        <form onSubmit={add} noValidate className="mb-4 space-y-2">
          <label htmlFor="note-content" className="field-label">{t('customers.notes.content')}</label>
          <textarea id="note-content" className="field-input" rows={2} value={content} onChange={(e) => { setContent(e.target.value); setError(''); }}
            aria-invalid={error ? true : undefined} aria-describedby={error ? 'note-content-error' : undefined} />
          {error && <p id="note-content-error" className="field-error">{error}</p>}
          <div className="flex flex-wrap items-end gap-2">
            <div>
              <label htmlFor="note-visibility" className="field-label">{t('customers.notes.visibilityLabel')}</label>
              <select id="note-visibility" className="field-input" value={visibility} onChange={(e) => setVisibility(e.target.value as NoteVisibility)}>
                {visibilities.map((v) => <option key={v} value={v}>{t(`customers.notes.visibility.${v}`)} — {t(`customers.notes.visibilityHelp.${v}`)}</option>)}
              </select>
            </div>
            <button type="submit" className="btn-primary" disabled={saving}>{t('customers.notes.add')}</button>
          </div>
        </form>
      )}
      {!notes.data && !notes.error ? (
        <TableSkeleton rows={3} columns={1} />
      ) : notes.error ? (
        <ErrorPanel title={t('customers.notes.loadFailed')} onRetry={() => void notes.mutate()} />
      ) : notes.data?.items.length ? (
        <ul className="space-y-3">
          {notes.data.items.map((n) => (
            <li key={n.id} className="rounded-ui border border-slate-200 p-3 dark:border-slate-800">
              <p className="whitespace-pre-wrap text-sm">{n.content}</p>
              <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-600 dark:text-slate-300">
                <span className="rounded-full bg-slate-100 px-2 py-0.5 dark:bg-slate-800">{t(`customers.notes.visibility.${n.visibility}`)}</span>
                {t('customers.notes.by', { author: n.authorName ?? '—', date: date(n.createdAt) })}
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('customers.notes.empty')}</p>
      )}
    </section>
  );
}

interface CustomerDocument {
  id: string;
  title: string;
  documentType: string;
  fileName: string;
  fileSize: number;
  expiryDate: string | null;
  createdAt: string;
  downloadUrl: string;
}

function DocumentsSection({ customerId, canUpload }: { customerId: string; canUpload: boolean }) {
  const t = useT();
  const date = useDate();
  const docs = useSWR<Page<CustomerDocument> | null>(`${customerPath(customerId)}/documents?limit=50`, LIVE);
  const [file, setFile] = useState<File | null>(null);
  const [documentType, setDocumentType] = useState<string>('license');
  const [title, setTitle] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState('');

  const upload = async (e: FormEvent) => {
    e.preventDefault();
    if (!file) return setError(t('customers.documents.chooseFile'));
    if (!(DOCUMENT_CONTENT_TYPES as readonly string[]).includes(file.type)) return setError(t('customers.messages.fileTypeNotAllowed'));
    if (file.size > DOCUMENT_MAX_BYTES) return setError(t('customers.messages.fileTooLarge'));
    setError('');
    setProgress(0);
    try {
      const target = await customerApi.uploadUrl(customerId, file);
      await putWithProgress(target.uploadUrl, file, target.headers, setProgress);
      await customerApi.recordDocument(customerId, {
        key: target.key, fileName: file.name, fileType: file.type, fileSize: file.size, documentType, title: title.trim() || undefined,
      });
      toast({ variant: 'success', title: t('customers.documents.uploaded'), description: title.trim() || file.name });
      setFile(null);
      setTitle('');
      (e.target as HTMLFormElement).reset();
      void docs.mutate();
    } catch (err) {
      toast({ variant: 'destructive', title: t('customers.documents.uploadFailed'), description: failureDescription(t, err) });
    } finally {
      setProgress(null);
    }
  };

  return (
    <section className="card" aria-labelledby="docs-title">
      <h2 id="docs-title" className="mb-3 font-semibold">{t('customers.documents.title')}</h2>
      {canUpload && (
        <form onSubmit={upload} noValidate className="mb-4 grid gap-2 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <label htmlFor="doc-file" className="field-label">{t('customers.documents.file')}</label>
            <input id="doc-file" type="file" accept=".pdf,.jpg,.jpeg,.png" className="field-input" onChange={(e) => { setFile(e.target.files?.[0] ?? null); setError(''); }}
              aria-describedby="doc-file-hint" />
            <p id="doc-file-hint" className="mt-1 text-xs text-slate-600 dark:text-slate-300">{t('customers.documents.hint')}</p>
            {error && <p className="field-error">{error}</p>}
          </div>
          <div>
            <label htmlFor="doc-type" className="field-label">{t('customers.documents.docType')}</label>
            <select id="doc-type" className="field-input" value={documentType} onChange={(e) => setDocumentType(e.target.value)}>
              {CUSTOMER_DOCUMENT_TYPES.map((d) => <option key={d} value={d}>{t(`customers.documents.type.${d}`)}</option>)}
            </select>
          </div>
          <div>
            <label htmlFor="doc-title" className="field-label">{t('customers.documents.docTitle')}</label>
            <input id="doc-title" className="field-input" value={title} onChange={(e) => setTitle(e.target.value)} />
          </div>
          <div className="flex items-center gap-3 sm:col-span-2">
            <button type="submit" className="btn-primary" disabled={progress !== null}>{t('customers.documents.upload')}</button>
            {progress !== null && (
              <>
                <progress max={100} value={progress} className="h-2 flex-1" aria-label={t('customers.documents.uploading', { percent: progress })} />
                <span className="text-sm tabular-nums">{t('customers.documents.uploading', { percent: progress })}</span>
              </>
            )}
          </div>
        </form>
      )}
      {!docs.data && !docs.error ? (
        <TableSkeleton rows={2} columns={2} />
      ) : docs.error ? (
        <ErrorPanel title={t('customers.documents.loadFailed')} onRetry={() => void docs.mutate()} />
      ) : docs.data?.items.length ? (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {docs.data.items.map((d) => (
            <li key={d.id} className="flex items-center justify-between gap-3 py-2 text-sm">
              <span>
                <span className="font-medium">{d.title}</span>
                <span className="ms-2 text-slate-600 dark:text-slate-300">{t(`customers.documents.type.${d.documentType}`)} · {date(d.createdAt)}</span>
              </span>
              <a href={d.downloadUrl} target="_blank" rel="noreferrer" className="link">{t('customers.documents.open')}</a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('customers.documents.empty')}</p>
      )}
    </section>
  );
}

interface RentalRow {
  id: string;
  referenceNumber?: string;
  vehicleLabel?: string;
  startDate?: string;
  endDate?: string | null;
  status?: string;
  totalAmount?: number;
}

function RentalHistory({ customerId }: { customerId: string }) {
  const t = useT();
  const date = useDate();
  const money = useMoney();
  const list = useSWRInfinite<Page<RentalRow> | null>((index, previous) => {
    if (index > 0 && !previous?.nextCursor) return null;
    return `${customerPath(customerId)}/rentals?limit=10${index > 0 ? `&cursor=${encodeURIComponent(previous!.nextCursor!)}` : ''}`;
  }, LIVE);
  const rows = (list.data ?? []).flatMap((p) => p?.items ?? []);
  const nextCursor = list.data?.[list.data.length - 1]?.nextCursor ?? null;
  return (
    <section className="card mt-6" aria-labelledby="history-title">
      <h2 id="history-title" className="mb-3 font-semibold">{t('customers.rentals.title')}</h2>
      {!list.data && !list.error ? (
        <TableSkeleton rows={3} columns={5} />
      ) : list.error && !rows.length ? (
        <ErrorPanel title={t('customers.rentals.loadFailed')} onRetry={() => void list.mutate()} />
      ) : rows.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('customers.rentals.empty')}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="min-w-full text-sm">
            <thead>
              <tr>
                {(['reference', 'vehicle', 'start', 'end', 'status', 'total'] as const).map((h) => (
                  <th key={h} scope="col" className="px-2 py-1 text-start font-semibold">{t(`customers.rentals.${h}`)}</th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
              {rows.map((r) => (
                <tr key={r.id}>
                  <td className="px-2 py-1"><Link className="link" to={`/rentals/${r.id}`}>{r.referenceNumber ?? r.id}</Link></td>
                  <td className="px-2 py-1">{r.vehicleLabel ?? '—'}</td>
                  <td className="px-2 py-1">{date(r.startDate)}</td>
                  <td className="px-2 py-1">{r.endDate ? date(r.endDate) : t('customers.rentals.openEnded')}</td>
                  <td className="px-2 py-1">{r.status ? t(`customers.rentals.statusValue.${r.status}`) : '—'}</td>
                  <td className="px-2 py-1 tabular-nums">{money(r.totalAmount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {nextCursor && (
        <button type="button" className="btn-secondary mt-3" onClick={() => void list.setSize(list.size + 1)}>{t('customers.loadMore')}</button>
      )}
    </section>
  );
}
