/**
 * /dashboard/accounting/vat-report: the period's return in the company region's layout (VAT 201, KSA return, Jordan
 * GST, US sales tax).
 */
import { useState } from 'react';
import { PageHeader } from '../../components/PageHeader';
import { useLanguage, useT } from '../../i18n';
import { useFormat } from '../../lib/format';
import { monthStart, useToday, withQuery } from './accounting-api';
import {
  Amount,
  Cell,
  DateField,
  DownloadButtons,
  ReportLinks,
  ReportState,
  ReportTable,
  useReport,
} from './ReportKit';
import { apiPath } from '../../lib/api-client';

interface VatReport {
  from: string;
  to: string;
  region: string;
  layout: string;
  title: string;
  titleAr: string;
  filedThrough: string | null;
  boxes: { box: string; label: string; labelAr: string; amount: number; vat: number }[];
  outputTax: number;
  inputTax: number;
  netPayable: number;
}

export default function VatReportPage() {
  const t = useT();
  const f = useFormat();
  const { language } = useLanguage();
  const today = useToday();
  const [pickedFrom, setFrom] = useState('');
  const [pickedTo, setTo] = useState('');
  const from = pickedFrom || monthStart(today);
  const to = pickedTo || today;
  const path = withQuery(apiPath('vatReport'), { from, to });
  const report = useReport<VatReport>(to >= from ? path : null);
  const r = (k: string) => t(`accounting.reports.${k}`);
  return (
    <div>
      <PageHeader
        title={t('shell.pages.vatReport')}
        actions={<DownloadButtons path={path} disabled={!report.data} />}
      />
      <ReportLinks current="vatReport" />
      <div className="mb-4 flex flex-wrap items-end gap-4">
        <DateField id="vat-from" label={t('accounting.ui.fromLabel')} value={from} onChange={setFrom} />
        <DateField id="vat-to" label={t('accounting.ui.toLabel')} value={to} onChange={setTo} />
      </div>
      <ReportState report={report}>
        {(vat) => (
          <>
            <p
              className="mb-3 text-sm text-slate-600 dark:text-slate-300"
              data-testid="vat-layout"
              data-layout={vat.layout}
            >
              {t('accounting.ui.vat.region', { title: language === 'ar' ? vat.titleAr : vat.title })}
              {vat.filedThrough && ` · ${t('accounting.ui.vat.filedThrough', { date: f.date(vat.filedThrough) })}`}
            </p>
            <ReportTable
              label={t('shell.pages.vatReport')}
              columns={[r('box'), r('description'), r('amount'), r('vat')]}
              amountColumns={2}
            >
              {vat.boxes.map((b) => (
                <tr key={b.box} data-box={b.box}>
                  <Cell className="tabular-nums">{b.box}</Cell>
                  <Cell>{language === 'ar' ? b.labelAr : b.label}</Cell>
                  <Amount value={b.amount} />
                  <Amount value={b.vat} />
                </tr>
              ))}
              <tr>
                <Cell />
                <Cell>{t('accounting.ui.vat.outputTax')}</Cell>
                <Cell />
                <Amount value={vat.outputTax} />
              </tr>
              <tr>
                <Cell />
                <Cell>{t('accounting.ui.vat.inputTax')}</Cell>
                <Cell />
                <Amount value={vat.inputTax} />
              </tr>
              <tr className="bg-slate-50 dark:bg-slate-900">
                <Cell />
                <Cell strong>{r('netPayable')}</Cell>
                <Cell />
                <Amount value={vat.netPayable} strong />
              </tr>
            </ReportTable>
          </>
        )}
      </ReportState>
    </div>
  );
}
