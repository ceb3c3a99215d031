import type { KsaEnvironment } from '../../shared/einvoicing/ksa/csr';
import type { EInvoicingStatus } from '../../shared/schemas/einvoicing';
import { type CompanySettings, companyRegion, readCompanySettings } from '../lib/company-settings';
import { config } from '../lib/config';
import { getItem, type Item, type TransactItem, tx } from '../lib/data/repo';
import { einvoicingKeys, type OnboardingState } from './model';
import { type NetworkItem, readNetwork } from './network-item';

/**
 * The onboarding state (GET /api/v1/einvoicing/status) and its item. Light on purpose: the status route loads
 * this, not the CSR, XML and signature code of onboard.ts (the handler imports that lazily).
 */
/** ZATCA's environment from the API base: …/developer-portal (sandbox), …/simulation, …/core (production). */
export function zatcaEnvironment(baseUrl: string): KsaEnvironment {
  if (/\/simulation$/.test(baseUrl)) return 'simulation';
  if (/\/core$/.test(baseUrl)) return 'production';
  return 'sandbox';
}

export function stateItem(tenantId: string, state: OnboardingState): Item {
  return { ...einvoicingKeys.onboarding(tenantId), entityType: 'EINVOICING_ONBOARDING', ...state };
}

export async function readState(tenantId: string): Promise<OnboardingState | undefined> {
  const item = await getItem(einvoicingKeys.onboarding(tenantId));
  if (!item) return undefined;
  const { pk: _pk, sk: _sk, entityType: _t, ...state } = item;
  return state as unknown as OnboardingState;
}

/** The network of a region's companies other than ZATCA (Saudi companies onboard instead). */
export const REGION_NETWORK: Partial<Record<string, NetworkItem['network']>> = { AE: 'uae-asp', JO: 'jofotara' };

export function statusOf(
  settings: CompanySettings,
  state: OnboardingState | undefined,
  network?: NetworkItem,
): EInvoicingStatus {
  const region = companyRegion(settings);
  const name = REGION_NETWORK[region];
  return {
    region,
    required: region === 'SA',
    stage: state?.stage ?? 'not_started',
    environment: state?.environment ?? zatcaEnvironment(config().zatcaBaseUrl),
    ...(state?.csidExpiresAt ? { csidExpiresAt: state.csidExpiresAt } : {}),
    ...(state?.onboardedAt ? { onboardedAt: state.onboardedAt } : {}),
    checks: state?.checks ?? {},
    warnings: state?.warnings ?? [],
    ...(state?.lastError ? { lastError: state.lastError } : {}),
    ...(name
      ? {
          network: {
            name,
            connected: !!network?.connected && network.network === name,
            ...(network?.connected ? { connectedAt: network.connectedAt } : {}),
          },
        }
      : {}),
  };
}

export async function readStatus(tenantId: string, fallbackName?: string): Promise<EInvoicingStatus> {
  const [settings, state, network] = await Promise.all([
    readCompanySettings(tenantId, fallbackName),
    readState(tenantId),
    readNetwork(tenantId),
  ]);
  return statusOf(settings, state, network);
}

/**
 * Writes the state only if nobody else wrote it since `previous` was read (two onboardings at once: the second
 * to finish gets a 409 instead of overwriting the first one's state with another key's certificate).
 */
export function stateWrite(tenantId: string, state: OnboardingState, previous?: OnboardingState): TransactItem {
  return tx.raw('Put', {
    Item: stateItem(tenantId, state),
    ...(previous
      ? { ConditionExpression: 'updatedAt = :prev', ExpressionAttributeValues: { ':prev': previous.updatedAt } }
      : { ConditionExpression: 'attribute_not_exists(pk)' }),
  });
}
