import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import useSWR from 'swr';
import { addArea } from '../../../../shared/i18n';
import { rentals as rentalsCatalog } from '../../../../shared/i18n/rentals';
import { REMOTE_SIGN_MESSAGES, type PublicContract } from '../../../../shared/schemas/rental-contract';
import { ErrorPanel } from '../../components/Dialogs';
import { useDocumentTitle } from '../../components/PageHeader';
import { CompanyPublicPage } from '../../components/public/CompanyPublicPage';
import { SignaturePad } from '../../components/SignaturePad';
import { Spinner } from '../../components/Spinner';
import { useT } from '../../i18n';
import { isClientError } from '../../lib/api';
import { registerMessages, translateApiError } from '../../lib/api-errors';
import { useFormat } from '../../lib/format';
import { apiPath, callApi, type BodyOf } from '../../lib/api-client';
import { useFormSubmit } from '../../lib/use-form-submit';

addArea('rentals', rentalsCatalog);
registerMessages('rentals.publicSign.messages', REMOTE_SIGN_MESSAGES);

/**
 * /contracts/sign?token=… — PUBLIC (outside the sign-in guard), like /payments/return: the page
 * the customer opens from the "please sign" email, usually on a phone. The link's token
 * (functions/rentals/contract/remote.ts) reads and signs ONLY that contract: its summary, the
 * PDF to read, one signature pad; once signed it shows the signed PDF (a second signature is
 * refused by the API). An invalid or expired link says so in the reader's language.
 */
const pathOf = (token: string) => apiPath('getContractBySignToken', { token });

export default function ContractSignPage() {
  const t = useT();
  useDocumentTitle(t('rentals.publicSign.title'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const res = useSWR<PublicContract | null>(token ? pathOf(token) : null, { shouldRetryOnError: false });

  let body;
  if (!token) body = <ErrorPanel title={t('rentals.publicSign.missing')} />;
  else if (res.error)
    body = (
      <ErrorPanel
        title={isClientError(res.error) ? translateApiError(res.error, t).message : t('rentals.publicSign.loadFailed')}
        onRetry={isClientError(res.error) ? undefined : () => void res.mutate()}
      />
    );
  else if (!res.data)
    body = (
      <div className="card flex justify-center py-10">
        <Spinner />
      </div>
    );
  else body = <SignContract token={token} c={res.data} onSigned={(c) => void res.mutate(c, { revalidate: false })} />;

  return (
    <CompanyPublicPage company={res.data?.company} title={t('rentals.publicSign.title')}>
      {body}
    </CompanyPublicPage>
  );
}

function SignContract({
  token,
  c,
  onSigned,
}: {
  token: string;
  c: PublicContract;
  onSigned: (c: PublicContract) => void;
}) {
  const t = useT();
  const f = useFormat();
  const [name, setName] = useState(c.customerName);
  const [signature, setSignature] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const [failure, setFailure] = useState('');
  const form = useFormSubmit(null, async (body: BodyOf<'signContractByToken'>) => {
    setFailure('');
    try {
      onSigned(
        await callApi<'signContractByToken', PublicContract>('signContractByToken', { params: { token }, body }),
      );
    } catch (error) {
      setFailure(translateApiError(error, t).message);
    }
    return {};
  });
  const pending = form.saving;
  const signed = c.status !== 'draft';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!signature) {
      setMissing(true);
      return;
    }
    void form.submit({ customerSignature: signature, customerName: name.trim() || undefined, version: c.version });
  };
  return (
    <div className="space-y-4" data-testid="public-contract" data-status={c.status}>
      <dl className="card grid grid-cols-1 gap-3 text-sm">
        <div>
          <dt className="text-slate-600 dark:text-slate-300">{t('rentals.publicSign.contract')}</dt>
          <dd className="font-medium" data-testid="contract-number">
            {c.contractNumber} · {c.customerName}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600 dark:text-slate-300">{t('rentals.publicSign.vehicle')}</dt>
          <dd className="font-medium">{c.vehicleLabel}</dd>
        </div>
        <div>
          <dt className="text-slate-600 dark:text-slate-300">{t('rentals.publicSign.period')}</dt>
          <dd className="font-medium">
            {f.dateTime(c.startDate)}
            {c.expectedReturnDate ? ` – ${f.dateTime(c.expectedReturnDate)}` : ''}
          </dd>
        </div>
        <div>
          <a className="link font-medium" href={c.url} target="_blank" rel="noreferrer" data-testid="contract-pdf">
            {signed ? t('rentals.publicSign.download') : t('rentals.publicSign.read')}
          </a>
        </div>
      </dl>
      {signed ? (
        <div
          role="status"
          data-testid="signed"
          className="rounded-ui-lg border border-green-300 bg-green-50 p-5 text-green-900 dark:border-green-800 dark:bg-green-950 dark:text-green-100"
        >
          <p className="text-lg font-semibold">{t('rentals.publicSign.signed')}</p>
          {c.signedAt && (
            <p className="mt-1 text-sm">{t('rentals.publicSign.signedOn', { when: f.dateTime(c.signedAt) })}</p>
          )}
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="card space-y-4">
          <p className="text-sm">{t('rentals.publicSign.intro')}</p>
          <label className="block text-sm">
            <span className="mb-1 block font-medium">{t('rentals.publicSign.name')}</span>
            <input className="field-input" value={name} onChange={(e) => setName(e.target.value)} autoComplete="name" />
          </label>
          <div>
            <SignaturePad
              id="public-signature"
              label={t('rentals.publicSign.signature')}
              onChange={(v) => {
                setSignature(v);
                setMissing(false);
              }}
            />
            {missing && (
              <p role="alert" className="mt-1 text-sm text-red-700 dark:text-red-300">
                {t('rentals.contract.messages.customerSignatureRequired')}
              </p>
            )}
          </div>
          {failure && (
            <p
              role="alert"
              className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
            >
              {failure}
            </p>
          )}
          <p className="text-xs text-slate-600 dark:text-slate-300">
            {t('rentals.publicSign.validUntil', { when: f.dateTime(c.expiresAt) })}
          </p>
          <button type="submit" className="btn-primary w-full" disabled={pending}>
            {pending ? t('rentals.publicSign.signing') : t('rentals.publicSign.sign')}
          </button>
        </form>
      )}
      <p className="text-center text-xs text-slate-500">
        {t('rentals.publicSign.poweredBy', { company: c.company.name })}
      </p>
    </div>
  );
}
