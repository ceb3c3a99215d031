import { loadS3 } from '../../lib/clients/s3-lazy';
import { config } from '../../lib/config';
import { readRentalSettings } from '../deps';
import type { RentalItem } from '../data';

/**
 * Contract PDFs in S3 at tenants/{tenantId}/contracts/{rentalId}/{contractNumber}.pdf. The object
 * carries the rental version and company time zone it was made from (metadata `rental-version`); a request regenerates
 * it when missing or when the rental changed since, then answers a short-lived presigned GET
 * (signed for S3_PUBLIC_ENDPOINT when set, so a browser can reach the local emulator).
 */
export const CONTRACT_URL_TTL_SECONDS = 15 * 60;

export function contractKey(tenantId: string, rental: Pick<RentalItem, 'id' | 'contractNumber'>): string {
  return `tenants/${tenantId}/contracts/${rental.id}/${rental.contractNumber.replace(/[^A-Za-z0-9_-]/g, '_')}.pdf`;
}

async function storedVersion(key: string): Promise<string | undefined> {
  const { scopedS3, HeadObjectCommand } = await loadS3();
  try {
    const head = await scopedS3().send(new HeadObjectCommand({ Bucket: config().documentsBucket, Key: key }));
    return head.Metadata?.['rental-version'];
  } catch (err) {
    const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status === 404 || (err as { name?: string }).name === 'NotFound') return undefined;
    throw err;
  }
}

export async function readLogo(key: string | undefined): Promise<Uint8Array | undefined> {
  if (!key) return undefined;
  const { scopedS3, GetObjectCommand } = await loadS3();
  try {
    const res = await scopedS3().send(new GetObjectCommand({ Bucket: config().documentsBucket, Key: key }));
    return await res.Body?.transformToByteArray();
  } catch {
    return undefined; // a missing logo must not stop the contract
  }
}

export async function contractUrl(tenantId: string, rental: RentalItem): Promise<string> {
  const { scopedS3, s3PresignClient, getSignedUrl, GetObjectCommand, PutObjectCommand } = await loadS3();
  const key = contractKey(tenantId, rental);
  // The PDF prints times on the company's clock: a time-zone change makes a stored one stale too.
  const settings = await readRentalSettings(tenantId);
  const made = `${rental.version}@${settings.timezone}`;
  if ((await storedVersion(key)) !== made) {
    // pdf-lib and fontkit are heavy: loaded on the first contract, not at cold start.
    const { renderContract } = await import('./pdf');
    const pdf = await renderContract(rental, settings, await readLogo(settings.logoKey));
    await scopedS3().send(
      new PutObjectCommand({
        Bucket: config().documentsBucket,
        Key: key,
        Body: pdf,
        ContentType: 'application/pdf',
        Metadata: { 'rental-version': made },
      }),
    );
  }
  return getSignedUrl(
    s3PresignClient(),
    new GetObjectCommand({
      Bucket: config().documentsBucket,
      Key: key,
      // attachment: "Download contract" downloads the file instead of opening a viewer tab.
      ResponseContentDisposition: `attachment; filename="${rental.contractNumber}.pdf"`,
    }),
    { expiresIn: CONTRACT_URL_TTL_SECONDS },
  );
}
