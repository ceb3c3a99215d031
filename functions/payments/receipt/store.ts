import { getItem } from '../../lib/data/repo';
import { companyRegion, companyTimezone, readCompanySettings } from '../../lib/company-settings';
import { getObjectBytes, headObject, presignDownload, putObject } from '../../lib/storage';
import { notFound } from '../../lib/errors';
import { DEFAULT_TEXT_COLOR } from '../../../shared/constants';
import { receiptKey, type ReceiptItem } from '../model';

/**
 * Receipt PDFs at tenants/{tenantId}/receipts/{receiptId}.pdf, made on the first request and
 * never again (a receipt is immutable once issued: its PDF too), answered as a short-lived
 * presigned GET.
 */
export const receiptObjectKey = (tenantId: string, id: string) => `tenants/${tenantId}/receipts/${id}.pdf`;

export async function receiptPdfUrl(tenantId: string, receiptId: string): Promise<string> {
  const receipt = (await getItem(receiptKey(tenantId, receiptId), true)) as ReceiptItem | undefined;
  if (!receipt) throw notFound('Receipt not found');
  const key = receiptObjectKey(tenantId, receipt.id);
  if (!(await headObject(key))) {
    const s = await readCompanySettings(tenantId);
    const logo = s.logoKey ? (await getObjectBytes(s.logoKey).catch(() => undefined))?.body : undefined;
    // pdf-lib and the fonts load on the first receipt, not at cold start.
    const { renderReceipt } = await import('./pdf');
    const pdf = await renderReceipt(
      receipt,
      {
        companyName: s.name,
        primaryColor: s.primaryColor,
        secondaryColor: s.secondaryColor,
        textColor: DEFAULT_TEXT_COLOR,
        region: companyRegion(s),
        timezone: companyTimezone(s),
        vatNumber: s.vatNumber || undefined,
        address: s.address || undefined,
        phone: s.phone || undefined,
      },
      logo,
    );
    await putObject(key, pdf, 'application/pdf');
  }
  return presignDownload(key, { fileName: `${receipt.number}.pdf` });
}
