/**
 * What other domains and jobs may use of the settings domain (DESIGN.md §13). Company settings
 * themselves are read through the one reader, functions/lib/company-settings.ts.
 */
export { fixCompanyTimeZones } from './timezone-migration';
import { getItem } from '../lib/data/repo';
import { gatewaySecretsKey } from './data';
/** The demo reset gives the demo company sandbox gateway keys (functions/payments/seed.ts). */
export { gatewaySecretsWrite } from './data';

/**
 * The company's payment gateway secrets (write-only through the API: never answered, never
 * logged). Only the payments domain reads them, to call the gateway and verify its callbacks.
 */
export async function readGatewaySecrets(
  tenantId: string,
): Promise<{ profileId?: string; serverKey?: string; clientKey?: string }> {
  const item = await getItem(gatewaySecretsKey(tenantId), true);
  return {
    profileId: item?.profileId as string | undefined,
    serverKey: item?.serverKey as string | undefined,
    clientKey: item?.clientKey as string | undefined,
  };
}
