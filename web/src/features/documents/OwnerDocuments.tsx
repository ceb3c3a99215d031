/**
 * The documents of one vehicle or customer, shown on its page through the documents module
 * (issue 11: one data model, one API, one screen). Lists the latest versions
 * (GET /api/v1/documents?scope=…&vehicleId|customerId=…), uploads with the documents upload
 * dialog (owner fixed), opens the documents detail dialog (review, analysis, versions,
 * download), deletes with confirmation (bulk delete of one), and links to /documents.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import type { DocumentApi } from '../../../../shared/schemas/documents';
import { ConfirmDialog } from '../../components/Dialogs';
import { ListState, LoadMoreButton } from '../../components/ListKit';
import { StatusPill } from '../../components/StatusPill';
import { toast } from '../../components/toast/toast-store';
import { useT } from '../../i18n';
import { toastApiError } from '../../lib/api-errors';
import { useFormat } from '../../lib/format';
import { useInvalidate } from '../../lib/invalidate';
import { useCursorList } from '../../lib/use-cursor-list';
import { documentsApi, DOCUMENTS_PATH } from './documents-api';
import { DocumentDialog, UploadDialog } from './DocumentDialogs';
import { STATUS_TONES, VALIDITY_TONES } from './tones';

const LIVE = { revalidateOnFocus: false, dedupingInterval: 2000 };

export function OwnerDocuments({
  scope,
  ownerId,
  canEdit,
  className = 'mt-4',
}: {
  scope: 'vehicle' | 'customer';
  ownerId: string;
  canEdit: boolean;
  className?: string;
}) {
  const t = useT();
  const fmt = useFormat();
  const list = useCursorList<DocumentApi>(
    'listDocuments',
    { scope, [scope === 'vehicle' ? 'vehicleId' : 'customerId']: ownerId },
    { limit: 50, swr: LIVE },
  );
  const [uploading, setUploading] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<DocumentApi | null>(null);
  const [pending, setPending] = useState(false);
  const invalidate = useInvalidate();
  // Every cached documents read (this page's list, /documents' lists and overview) follows a change.
  const refresh = () => void invalidate(DOCUMENTS_PATH);

  const remove = async (d: DocumentApi) => {
    setPending(true);
    try {
      const res = await documentsApi.bulk({ action: 'delete', ids: [d.id], confirm: true });
      toast(
        res.failed
          ? { variant: 'destructive', title: t('documents.messages.deleteFailed'), description: d.title }
          : { variant: 'success', title: t('documents.deleted'), description: d.title },
      );
      setDeleting(null);
      refresh();
    } catch (error) {
      toastApiError(t('documents.messages.deleteFailed'), error);
    } finally {
      setPending(false);
    }
  };

  return (
    <section className={`card ${className}`} aria-labelledby={`${scope}-documents-title`} data-testid="owner-documents">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${scope}-documents-title`} className="font-semibold">
          {t('documents.section')}
        </h2>
        <div className="flex flex-wrap items-center gap-3">
          <Link to={`/documents?scope=${scope}`} className="link text-sm">
            {t('documents.openAll')}
          </Link>
          {canEdit && (
            <button type="button" className="btn-primary" onClick={() => setUploading(true)}>
              {t('documents.upload')}
            </button>
          )}
        </div>
      </div>
      <ListState
        list={list}
        errorTitle={t('documents.loadFailed')}
        skeleton={{ rows: 2, columns: 2 }}
        empty={<p className="text-sm text-slate-600 dark:text-slate-300">{t('documents.empty')}</p>}
      >
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {list.items.map((d) => (
            <li
              key={d.id}
              data-document-id={d.id}
              className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm"
            >
              <span className="min-w-0">
                <button type="button" className="link text-start font-medium" onClick={() => setOpenId(d.id)}>
                  {d.title}
                </button>
                <span className="ms-2 text-slate-600 dark:text-slate-300">
                  {t(`documents.type.${d.documentType}`)} · <span dir="ltr">{d.fileName}</span> · v{d.version}
                </span>
              </span>
              <span className="flex flex-wrap items-center gap-2">
                {d.expiryDate && (
                  <span className="whitespace-nowrap text-slate-700 dark:text-slate-200">{fmt.date(d.expiryDate)}</span>
                )}
                <StatusPill
                  status={d.validity}
                  labelKey="documents.validity"
                  tones={VALIDITY_TONES}
                  dataName="validity"
                />
                <StatusPill status={d.status} labelKey="documents.status" tones={STATUS_TONES} />
                {canEdit && (
                  <button
                    type="button"
                    className="link text-red-700 dark:text-red-300"
                    aria-label={`${t('documents.deleteOne')} ${d.title}`}
                    onClick={() => setDeleting(d)}
                  >
                    {t('documents.deleteOne')}
                  </button>
                )}
              </span>
            </li>
          ))}
        </ul>
      </ListState>
      <LoadMoreButton list={list} label={t('documents.loadMore')} />

      {uploading && (
        <UploadDialog
          scope={scope}
          owner={ownerId}
          onClose={() => setUploading(false)}
          onDone={(id) => {
            setUploading(false);
            refresh();
            setOpenId(id);
          }}
        />
      )}
      {openId && <DocumentDialog id={openId} onClose={() => setOpenId(null)} onChanged={refresh} />}
      <ConfirmDialog
        open={!!deleting}
        title={t('documents.confirmDeleteOneTitle', { title: deleting?.title ?? '' })}
        body={t('documents.confirmDeleteBody')}
        confirmLabel={t('documents.deleteOne')}
        pending={pending}
        onConfirm={() => deleting && void remove(deleting)}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}
