import { getObjectBytes, headObject, presignDownload, putObject } from '../../lib/storage';
import { companyRegion, companyTimezone, readCompanySettings } from '../../lib/company-settings';
import { conflict, notFound } from '../../lib/errors';
import { DEFAULT_TEXT_COLOR } from '../../../shared/constants';
import { getRegionConfig } from '../../../shared/regions';
import { rentalWithLedger } from '../deps';

/**
 * GET /rentals/{id}/final-settlement: the final settlement PDF of a closed rental at
 * tenants/{t}/settlements/{rentalId}/v{version}.pdf. Versioned and locked: one object per rental
 * version, never rewritten; a change after closing (a late fine, a refund) makes a new version.
 */
export async function finalSettlementUrl(tenantId: string, rentalId: string): Promise<string> {
  const found = await rentalWithLedger(tenantId, rentalId);
  if (!found) throw notFound('Rental not found');
  const { rental, ledger } = found;
  if (!rental.closedAt)
    throw conflict('A final settlement is made when the rental is closed', undefined, 'INVALID_TRANSITION');
  const key = `tenants/${tenantId}/settlements/${rental.id}/v${rental.version}.pdf`;
  if (!(await headObject(key))) {
    const s = await readCompanySettings(tenantId);
    const region = companyRegion(s);
    const logo = s.logoKey ? (await getObjectBytes(s.logoKey).catch(() => undefined))?.body : undefined;
    const { renderSettlement } = await import('./pdf');
    const pdf = await renderSettlement(
      rental,
      ledger,
      getRegionConfig(region).currency,
      {
        companyName: s.name,
        primaryColor: s.primaryColor,
        secondaryColor: s.secondaryColor,
        textColor: DEFAULT_TEXT_COLOR,
        region,
        timezone: companyTimezone(s),
        vatNumber: s.vatNumber || undefined,
      },
      logo,
    );
    await putObject(key, pdf, 'application/pdf');
  }
  return presignDownload(key, { fileName: `Settlement-${rental.referenceNumber}.pdf` });
}
