/** The documents of a customer's profile: upload with progress (presigned PUT), list with links. */
import { useState, type FormEvent } from 'react';
import { CUSTOMER_DOCUMENT_TYPES, DOCUMENT_CONTENT_TYPES, DOCUMENT_MAX_BYTES } from '../../../../shared/schemas/customers';
import type { CustomerDocument } from '../../../../shared/schemas/customers-responses';
import { FilterSelect } from '../../components/FilterSelect';
import { FormField } from '../../components/FormField';
import { ListState, LoadMoreButton } from '../../components/ListKit';
import { toast } from '../../components/toast/toast-store';
import { useT } from '../../i18n';
import { toastApiError } from '../../lib/api-errors';
import { useCursorList } from '../../lib/use-cursor-list';
import { customerApi, customerPath, LIVE, useDate } from './customer-api';

export function CustomerDocuments({ customerId, canUpload }: { customerId: string; canUpload: boolean }) {
  const t = useT();
  const date = useDate();
  const docs = useCursorList<CustomerDocument>(`${customerPath(customerId)}/documents`, {}, { limit: 50, swr: LIVE });
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
      const target = await customerApi.upload(customerId, file, setProgress);
      await customerApi.recordDocument(customerId, {
        key: target.key, fileName: file.name, fileType: file.type, fileSize: file.size, documentType, title: title.trim() || undefined,
      });
      toast({ variant: 'success', title: t('customers.documents.uploaded'), description: title.trim() || file.name });
      setFile(null);
      setTitle('');
      (e.target as HTMLFormElement).reset();
      void docs.revalidate();
    } catch (err) {
      toastApiError(t('customers.documents.uploadFailed'), err);
    } finally {
      setProgress(null);
    }
  };

  return (
    <section className="card" aria-labelledby="docs-title">
      <h2 id="docs-title" className="mb-3 font-semibold">{t('customers.documents.title')}</h2>
      {canUpload && (
        <form onSubmit={upload} noValidate className="mb-4 grid gap-2 sm:grid-cols-2">
          <FormField id="doc-file" className="sm:col-span-2" label={t('customers.documents.file')} hint={t('customers.documents.hint')} error={error || undefined}>
            <input type="file" accept=".pdf,.jpg,.jpeg,.png" className="field-input" onChange={(e) => { setFile(e.target.files?.[0] ?? null); setError(''); }} />
          </FormField>
          <FilterSelect id="doc-type" label={t('customers.documents.docType')} value={documentType} onChange={setDocumentType}
            options={CUSTOMER_DOCUMENT_TYPES.map((d) => [d, t(`customers.documents.type.${d}`)] as const)} />
          <FormField id="doc-title" label={t('customers.documents.docTitle')}>
            <input className="field-input" value={title} onChange={(e) => setTitle(e.target.value)} />
          </FormField>
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
      <ListState list={docs} errorTitle={t('customers.documents.loadFailed')} skeleton={{ rows: 2, columns: 2 }}
        empty={<p className="text-sm text-slate-600 dark:text-slate-300">{t('customers.documents.empty')}</p>}>
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {docs.items.map((d) => (
            <li key={d.id} className="flex items-center justify-between gap-3 py-2 text-sm">
              <span>
                <span className="font-medium">{d.title}</span>
                <span className="ms-2 text-slate-600 dark:text-slate-300">{t(`customers.documents.type.${d.documentType}`)} · {date(d.createdAt)}</span>
              </span>
              <a href={d.downloadUrl} target="_blank" rel="noreferrer" className="link">{t('customers.documents.open')}</a>
            </li>
          ))}
        </ul>
      </ListState>
      <LoadMoreButton list={docs} label={t('customers.loadMore')} />
    </section>
  );
}
