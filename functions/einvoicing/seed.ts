import { ksaCertificate } from '../../shared/einvoicing/ksa/certificate';
import {
  ZATCA_SANDBOX_CERTIFICATE_BASE64,
  ZATCA_SANDBOX_PRIVATE_KEY_PEM,
} from '../../shared/einvoicing/ksa/sandbox-device';
import { KSA_CHECK_TYPES, type KsaCheckType } from '../../shared/schemas/einvoicing';
import { config } from '../lib/config';
import { queryAll, type Item } from '../lib/data/repo';
import { deleteBatch, writeBatch, type DemoWorld } from '../lib/demo/world';
import { type EDocItem, edocKeys, type EInvoicingSecrets, einvoicingKeys, type OnboardingState } from './model';
import { SECRETS_PROTECTION, seal, secretsKey } from './secrets';
import { stateItem } from './status';

/**
 * The Saudi sister demo company's e-invoicing (issue 29; functions/jobs/demo-reset.ts, region SA only — every
 * other demo company is left as it was).
 *
 * seedEInvoicing (before the invoices seed): the company onboarded to ZATCA phase 2 as the onboarding would
 * leave it — the ONBOARDING item at stage production, environment sandbox, every compliance check passed,
 * onboarded 35 days before the reset (so the month of invoices is all phase 2), and the SECRETS item sealed with
 * the configured EINVOICING_SECRETS_KEY (secrets.ts) — with ZATCA's own SDK sandbox certificate and key
 * (shared/einvoicing/ksa/sandbox-device.ts, public test material) instead of a CSID from ZATCA: the reset calls
 * no network and needs no OTP. The CSID tokens are the certificate as ZATCA hands it (binarySecurityToken) with
 * a placeholder secret: nothing ever submits with them (the documents are recorded as submitted, below).
 *
 * markDemoDocumentsSubmitted (after every seed that issues invoices): each pending e-document gets the final
 * state a successful submission writes (ei-submit's submitDocument), without calling ZATCA: simplified →
 * reported, standard → cleared (ZATCA's cleared copy is the document as issued: the sandbox stamps nothing the
 * demo could not show), one attempt a few minutes after issue (clearance seconds after), the status index moved
 * and the submission work item (EDOC_DUE) deleted — so the submission job finds nothing to send.
 */
const DAY = 86_400_000;
/** The device id (CSR serial part 3) of the SDK certificate's own subject alternative name. */
const SANDBOX_DEVICE_ID = '9f092238-1d97-4718-b441-cbc301321b0a';
const PLACEHOLDER_SECRET = 'zatca-sdk-sandbox-demo';

export async function seedEInvoicing(world: DemoWorld): Promise<void> {
  if (world.region !== 'SA') return;
  const key = secretsKey(config().einvoicingSecretsKey);
  if (!key) throw new Error('EINVOICING_SECRETS_KEY is not configured: the Saudi demo cannot seal its device key');
  const onboardedAt = new Date(world.now.getTime() - 35 * DAY).toISOString();
  const certificate = ksaCertificate(ZATCA_SANDBOX_CERTIFICATE_BASE64);
  const state: OnboardingState = {
    stage: 'production',
    environment: 'sandbox',
    deviceId: SANDBOX_DEVICE_ID,
    checks: Object.fromEntries(KSA_CHECK_TYPES.map((c) => [c, true])) as Record<KsaCheckType, boolean>,
    warnings: [],
    certificatePem: ZATCA_SANDBOX_CERTIFICATE_BASE64,
    csidExpiresAt: new Date(certificate.x509.validTo).toISOString(),
    onboardedAt,
    updatedAt: onboardedAt,
  };
  const csid = {
    requestID: 'sandbox',
    binarySecurityToken: Buffer.from(ZATCA_SANDBOX_CERTIFICATE_BASE64).toString('base64'),
    secret: PLACEHOLDER_SECRET,
  };
  const secrets: EInvoicingSecrets = {
    privateKeyPem: ZATCA_SANDBOX_PRIVATE_KEY_PEM,
    compliance: csid,
    production: csid,
  };
  const secretsKeyOf = einvoicingKeys.secrets(world.tenantId);
  await writeBatch([
    stateItem(world.tenantId, state),
    {
      ...secretsKeyOf,
      entityType: 'EINVOICING_SECRETS',
      envelope: seal(secrets, key, `${secretsKeyOf.pk}|${secretsKeyOf.sk}`),
      encryptedAt: onboardedAt,
      protection: SECRETS_PROTECTION,
    },
  ]);
  world.counts.einvoicing = 2;
}

export async function markDemoDocumentsSubmitted(world: DemoWorld): Promise<void> {
  if (world.region !== 'SA') return;
  const { tenantId } = world;
  const docs = (await queryAll<Item>({
    tenantId,
    pk: edocKeys.documentsPk(tenantId),
    consistent: true,
    max: 10_000,
  })) as unknown as (EDocItem & Item)[];
  const pending = docs.filter((d) => d.status === 'pending');
  const cleared = pending.filter((d) => d.profile === 'standard');
  const xmls = new Map<string, Item>();
  if (cleared.length) {
    // The cleared documents' XML items (one partition read): their cleared copy is written next to the XML.
    const all = await queryAll<Item>({ tenantId, pk: edocKeys.xml(tenantId, '').pk, consistent: true, max: 10_000 });
    for (const x of all) xmls.set(x.sk as string, x);
  }
  const nowMs = world.now.getTime();
  const writes: Item[] = [];
  for (const [i, d] of pending.entries()) {
    const standard = d.profile === 'standard';
    const issued = new Date(d.issuedAt).getTime();
    // Reported a few minutes after issue (the job's next run); cleared seconds after (before release).
    const after = standard ? 4_000 + (i % 5) * 1_000 : (3 + (i % 7)) * 60_000;
    const submittedAt = new Date(Math.min(issued + after, Math.max(issued, nowMs))).toISOString();
    const status = standard ? 'cleared' : 'reported';
    const { nextAttemptAt: _next, ...rest } = d;
    writes.push({
      ...rest,
      status,
      attempts: 1,
      lastAttemptAt: submittedAt,
      submittedAt,
      version: d.version + 1,
      updatedAt: submittedAt,
      gsi2pk: edocKeys.statusPk(tenantId, status),
      gsi2sk: `${d.issuedAt}#${d.id}`,
    });
    const xml = xmls.get(d.id);
    if (standard && xml) writes.push({ ...xml, clearedXml: xml.xml, clearedAt: submittedAt });
  }
  await writeBatch(writes);
  await deleteBatch(pending.map((d) => edocKeys.due(tenantId, d.id)));
  world.counts.einvoicingSubmitted = pending.length;
}
