import { type Key, tenantPk } from '../lib/data/keys';
import type { EDocKind, EDocNetwork, EDocStatus } from '../../shared/schemas/einvoicing';
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
  /**
   * UAE and Jordan: the company's connection to its network (UAE accredited service provider, JoFotara):
   * `{ network, connected: true, connectedAt }` plus the sealed credentials (secrets.ts envelope, write-only).
   * Absent = not connected: documents are issued `unsent` (the XML exists, nothing is sent).
   */
  network: (tenantId: string): Key => ({ pk: tenantPk(tenantId, 'EINVOICING'), sk: 'NETWORK' }),
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

/* ------------------------------------------------------------------------------------------------------------
 * Issued e-invoice documents (issue 29, the contract the issue and submission sides share).
 *
 *  - EDOC item: pk `T#{t}#EDOC`, sk `{documentId}` — one per tax document of a company with an e-invoicing
 *    network (Saudi: ZATCA once onboarded; UAE: PINT AE; Jordan: JoFotara). documentId = the invoice's id for an
 *    invoice or debit note, the credit note's id for a credit note (both ULIDs, so the partition lists oldest
 *    first and reads backwards newest first). gsi2 = by status: `T#{t}#EDOC_STATUS#{status}` /
 *    `{issuedAt}#{documentId}` (GET /einvoicing/documents?status=).
 *  - EDOC_XML item: pk `T#{t}#EDOC_XML`, sk `{documentId}`: `xml` (the document as issued: signed for Saudi
 *    companies) and, after clearance, `clearedXml` (ZATCA's stamped copy: what the buyer receives). Apart from
 *    EDOC so the list reads stay small.
 *  - CHAIN item (Saudi): pk `T#{t}#EINVOICING`, sk `CHAIN`: `icv` (the last counter value used), `hash` (the last
 *    document's invoice hash, base64), `documentId`. The issue transaction conditions on the icv it read, so two
 *    documents never take one ICV and each PIH is the previous document's hash. Absent = icv 0 and the SDK's
 *    initial PIH (shared/einvoicing/ksa/initial-pih.ts).
 *  - EDOC_DUE item (submission work, DESIGN §15): pk `T#{t}#EDOC_DUE`, sk `{documentId}`, gsi2pk `G#EDOC_DUE`,
 *    gsi2sk `{dueAt}#{tenantId}#{documentId}`: exists while the document still has to be submitted (put in the
 *    issue transaction, deleted in the transaction that records the final answer). The submission job reads
 *    the index up to now; a retry moves dueAt.
 * EDOC, EDOC_XML, CHAIN and EDOC_DUE of one document are written in the invoice's (or credit note's) issue
 * transaction, so an issued tax document always has its e-document and never two.
 * ---------------------------------------------------------------------------------------------------------- */
export const EDOC_DUE_GSI_PK = 'G#EDOC_DUE';

export const edocKeys = {
  document: (tenantId: string, documentId: string): Key => ({ pk: tenantPk(tenantId, 'EDOC'), sk: documentId }),
  documentsPk: (tenantId: string) => tenantPk(tenantId, 'EDOC'),
  statusPk: (tenantId: string, status: EDocStatus) => tenantPk(tenantId, 'EDOC_STATUS', status),
  xml: (tenantId: string, documentId: string): Key => ({ pk: tenantPk(tenantId, 'EDOC_XML'), sk: documentId }),
  chain: (tenantId: string): Key => ({ pk: tenantPk(tenantId, 'EINVOICING'), sk: 'CHAIN' }),
  due: (tenantId: string, documentId: string): Key => ({ pk: tenantPk(tenantId, 'EDOC_DUE'), sk: documentId }),
};

export interface EDocItem {
  entityType: 'EDOC';
  id: string;
  tenantId: string;
  network: EDocNetwork;
  kind: EDocKind;
  /** Saudi: standard (B2B, cleared before release) or simplified (B2C, reported within 24 hours). */
  profile: 'standard' | 'simplified';
  /** The invoice this document is (invoice, debit note) or corrects (credit note). */
  invoiceId: string;
  /** The human number printed on the document (INV-…, CN-…, DN-…). */
  number: string;
  uuid: string;
  issuedAt: string;
  currency: string;
  totalMinor: number;
  vatMinor: number;
  status: EDocStatus;
  /** Saudi: the invoice counter value and the previous invoice hash this document carries, and its own hash. */
  icv?: number;
  pih?: string;
  hash?: string;
  /** The QR as printed (base64 TLV for Saudi phase 2; Jordan: the QR text JoFotara returned). */
  qr?: string;
  /** The network's answer: warnings and errors as it words them (ZATCA's validationResults messages). */
  warnings: string[];
  errors: string[];
  /** The network's own id of the document (UAE access point, JoFotara), when it gives one. */
  providerId?: string;
  attempts: number;
  lastAttemptAt?: string;
  /** When the job next tries (pending documents), ISO. */
  nextAttemptAt?: string;
  /** When the final answer was recorded (reported, cleared, accepted, rejected). */
  submittedAt?: string;
  /**
   * submit.ts's claim: until when (ISO) one submitter holds the document, and its token; set by the claim,
   * removed when the answer is recorded. A submitter that died holding it is replaced once it has passed.
   */
  leaseUntil?: string;
  leaseId?: string;
  version: number;
  updatedAt: string;
}
