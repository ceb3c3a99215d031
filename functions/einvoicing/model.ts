import { type Key, tenantPk } from '../lib/data/keys';
import type { EInvoicingStage, KsaCheckType } from '../../shared/schemas/einvoicing';
import type { KsaEnvironment } from '../../shared/einvoicing/ksa/csr';
import type { SecretEnvelope } from './secrets';

/**
 * E-invoicing items of one tenant, in the T#{tenant}#EINVOICING partition:
 *  - ONBOARDING: the ZATCA onboarding state the status route answers (stage, environment, device id, checks,
 *    the production certificate's validity, the last error). No secret.
 *  - SECRETS: the device's private key and the compliance and production CSIDs (token + secret), sealed by
 *    secrets.ts (AES-256-GCM envelope on top of DynamoDB's encryption), with `encryptedAt` and `protection`.
 *    Written by onboarding, read only by the code that signs and submits documents; no route answers it
 *    (as the payment gateway keys in functions/settings/data.ts).
 * No index.
 */
export const einvoicingKeys = {
  onboarding: (tenantId: string): Key => ({ pk: tenantPk(tenantId, 'EINVOICING'), sk: 'ONBOARDING' }),
  secrets: (tenantId: string): Key => ({ pk: tenantPk(tenantId, 'EINVOICING'), sk: 'SECRETS' }),
};

export interface OnboardingState {
  stage: EInvoicingStage;
  environment: KsaEnvironment;
  /** The e-invoicing unit's uuid (CSR serial number part 3): kept across renewals, so the device stays one. */
  deviceId: string;
  checks: Partial<Record<KsaCheckType, boolean>>;
  warnings: string[];
  lastError?: string;
  /** The production certificate (public; PEM) and its end of validity. */
  certificatePem?: string;
  csidExpiresAt?: string;
  onboardedAt?: string;
  updatedAt: string;
}

/** What the SECRETS envelope holds once opened. */
export interface EInvoicingSecrets {
  privateKeyPem: string;
  compliance: { requestID: string; binarySecurityToken: string; secret: string };
  production: { requestID: string; binarySecurityToken: string; secret: string };
}

export interface SecretsItem {
  envelope: SecretEnvelope;
  encryptedAt: string;
  protection: string;
}
