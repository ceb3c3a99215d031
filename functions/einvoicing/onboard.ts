import { randomUUID } from 'node:crypto';
import type { EInvoiceDocument, EInvoiceParty } from '../../shared/einvoicing/document';
import { buildKsaXml } from '../../shared/einvoicing/ksa/build';
import { ksaCertificate } from '../../shared/einvoicing/ksa/certificate';
import { generateKsaKeyAndCsr } from '../../shared/einvoicing/ksa/csr';
import {
  exampleCreditNote,
  exampleDebitNote,
  exampleSeller,
  exampleSimplifiedInvoice,
  exampleStandardInvoice,
} from '../../shared/einvoicing/ksa/examples';
import { KSA_INITIAL_PIH } from '../../shared/einvoicing/ksa/initial-pih';
import { stampKsaXml } from '../../shared/einvoicing/ksa/stamp';
import {
  EINVOICING_MESSAGES as M,
  type EInvoicingStatus,
  KSA_VAT_NUMBER,
  type KsaCheckType,
} from '../../shared/schemas/einvoicing';
import { companyRegion, companyToday, readCompanySettings } from '../lib/company-settings';
import { type AuditActor, systemActor } from '../lib/actor';
import { config } from '../lib/config';
import { auditItem } from '../lib/data/audit';
import { transact, type TransactItem, tx } from '../lib/data/repo';
import { badRequest, conflict, fillTemplate, HttpError, isConditionFailure, unavailable } from '../lib/errors';
import { ERROR_CODES } from '../../shared/errors';
import { type ZatcaCsid, ZatcaError, zatcaClient } from './providers/zatca';
import { type EInvoicingSecrets, einvoicingKeys, type OnboardingState } from './model';
import { readState, stateWrite, statusOf, zatcaEnvironment } from './status';
import { SECRETS_PROTECTION, seal, secretsKey } from './secrets';

/**
 * ZATCA onboarding of the caller's company (issue 29; DESIGN §13 use case), POST /api/v1/einvoicing/onboard:
 * 1. the company must be Saudi (409 otherwise) with a Saudi VAT number in its settings (409, field vatNumber);
 * 2. a new secp256k1 key and CSR (invoice type 1100: standard and simplified) from the company's settings;
 * 3. the compliance CSID with the owner's OTP — refused (e.g. the emulator's "000000") → 400 with ZATCA's
 *    message and nothing stored;
 * 4. one compliance check per document type (standard and simplified invoice, credit and debit note), each an
 *    example of shared/einvoicing/ksa/examples.ts with the company as seller, stamped with the new key;
 * 5. the production CSID; then ONE transaction writes the state and the sealed secrets (409 when another
 *    onboarding of the same company wrote in the meantime).
 * A failure after step 3 records the state (stage 'failed', or stays 'production' when an earlier production CSID
 * is still in force) and lastError, and answers 400 (ZATCA refused) or 503 (ZATCA unreachable); no secret of the
 * failed attempt is kept.
 *
 * A second onboarding is a RENEWAL (decided): ZATCA CSIDs expire and are replaced through the same flow with a new
 * OTP; the device id stays (the CSR serial's third part), the new key and CSIDs replace the old ones.
 *
 * Where the CSR's fields come from (decided): O = the company name, UID = its VAT number, C = SA,
 * OU = "Main Branch" (the settings have no branch; a VAT group would put the member's TIN there),
 * registeredAddress = the first line of the settings' free-text address (else "Saudi Arabia"),
 * businessCategory = "Car rental" (what every Sayyara company is), CN = "Sayyara-<VAT number>".
 * The compliance samples use the examples' structured address: the settings' address is free text, and the
 * samples are never given to a buyer.
 */
const INDUSTRY = 'Car rental';
const BRANCH = 'Main Branch';

export function csrLocation(address: string): string {
  const first = address.split(/\r?\n/)[0]?.trim() ?? '';
  return first.slice(0, 100) || 'Saudi Arabia';
}

/** The six compliance samples, with the company as seller; ICV 1–6 from the initial PIH. */
function complianceSamples(seller: EInvoiceParty, today: string): [KsaCheckType, EInvoiceDocument][] {
  const own = (d: EInvoiceDocument, patch: Partial<EInvoiceDocument> = {}): EInvoiceDocument => ({
    ...d,
    ...patch,
    seller,
    uuid: randomUUID(),
    issueDate: today,
  });
  return [
    ['standard-invoice', own(exampleStandardInvoice)],
    [
      'standard-credit',
      own(exampleCreditNote, {
        profile: 'standard',
        buyer: exampleStandardInvoice.buyer,
        billingReference: { number: exampleStandardInvoice.number, issueDate: today },
      }),
    ],
    ['standard-debit', own(exampleDebitNote)],
    ['simplified-invoice', own(exampleSimplifiedInvoice)],
    ['simplified-credit', own(exampleCreditNote)],
    ['simplified-debit', own(exampleDebitNote, { profile: 'simplified', buyer: exampleCreditNote.buyer })],
  ];
}

const zatcaText = (e: ZatcaError) => e.messages.join('; ');

export async function onboard(
  tenantId: string,
  otp: string,
  fallbackName?: string,
  actor: AuditActor = systemActor(tenantId),
): Promise<EInvoicingStatus> {
  const settings = await readCompanySettings(tenantId, fallbackName);
  if (companyRegion(settings) !== 'SA') throw conflict(M.notSaudi);
  const vatNumber = (settings.vatNumber ?? '').replace(/\s+/g, '');
  if (!KSA_VAT_NUMBER.test(vatNumber)) throw conflict(M.vatNumberRequired, { vatNumber: M.vatNumberRequired });
  const key = secretsKey(config().einvoicingSecretsKey);
  if (!key) throw new HttpError(500, ERROR_CODES.INTERNAL_ERROR, M.notConfigured);

  const previous = await readState(tenantId);
  const environment = zatcaEnvironment(config().zatcaBaseUrl);
  const deviceId = previous?.deviceId ?? randomUUID();
  const device = generateKsaKeyAndCsr(
    {
      commonName: `Sayyara-${vatNumber}`,
      serialNumber: `1-Sayyara|2-1.0|3-${deviceId}`,
      organizationIdentifier: vatNumber,
      organizationUnitName: BRANCH,
      organizationName: settings.name,
      countryName: 'SA',
      invoiceType: '1100',
      location: csrLocation(settings.address ?? ''),
      industry: INDUSTRY,
    },
    environment,
  );
  const zatca = zatcaClient();

  let compliance: ZatcaCsid;
  try {
    compliance = await zatca.complianceCsid(device.csrBase64, otp);
  } catch (e) {
    if (!(e instanceof ZatcaError)) throw e;
    if (e.retryable) throw unavailable(M.zatcaUnavailable);
    throw badRequest(fillTemplate(M.otpRefused, { message: zatcaText(e) }), { otp: zatcaText(e) });
  }

  const checks: OnboardingState['checks'] = {};
  const warnings: string[] = [];
  const now = () => new Date().toISOString();
  const fail = async (e: unknown, template: string): Promise<never> => {
    if (!(e instanceof ZatcaError)) throw e;
    const lastError = fillTemplate(template, { message: zatcaText(e) });
    const stillProduction = previous?.stage === 'production';
    const state: OnboardingState = {
      ...(stillProduction ? previous : {}),
      stage: stillProduction ? 'production' : 'failed',
      environment: stillProduction ? previous.environment : environment,
      deviceId,
      checks: stillProduction ? previous.checks : checks,
      warnings: stillProduction ? previous.warnings : warnings,
      lastError,
      updatedAt: now(),
    };
    await save([stateWrite(tenantId, state, previous)]);
    throw e.retryable ? unavailable(M.zatcaUnavailable) : badRequest(lastError);
  };

  const seller: EInvoiceParty = { ...withoutArabicName(exampleSeller), name: settings.name, vatNumber };
  let pih = KSA_INITIAL_PIH;
  for (const [i, [type, doc]] of complianceSamples(seller, companyToday(settings)).entries()) {
    const stamped = stampKsaXml(buildKsaXml(doc, { icv: i + 1, pih }), {
      privateKeyPem: device.privateKeyPem,
      certificatePem: compliance.certificatePem,
    });
    try {
      const r = await zatca.complianceCheck(compliance, {
        uuid: doc.uuid,
        xml: stamped.xml,
        invoiceHash: stamped.hash,
      });
      checks[type] = r.validationResults?.status !== 'ERROR';
      warnings.push(...r.warnings.map((w) => `${type}: ${w}`));
    } catch (e) {
      checks[type] = false;
      return fail(e, M.checksFailed);
    }
    pih = stamped.hash;
  }

  let production: ZatcaCsid;
  try {
    production = await zatca.productionCsid(compliance);
  } catch (e) {
    return fail(e, M.productionRefused);
  }

  const at = now();
  const state: OnboardingState = {
    stage: 'production',
    environment,
    deviceId,
    checks,
    warnings,
    certificatePem: production.certificatePem,
    csidExpiresAt: new Date(ksaCertificate(production.certificatePem).x509.validTo).toISOString(),
    onboardedAt: at,
    updatedAt: at,
  };
  const secrets: EInvoicingSecrets = {
    privateKeyPem: device.privateKeyPem,
    compliance: pick(compliance),
    production: pick(production),
  };
  const secretsKeyOf = einvoicingKeys.secrets(tenantId);
  await save([
    stateWrite(tenantId, state, previous),
    tx.put({
      ...secretsKeyOf,
      entityType: 'EINVOICING_SECRETS',
      envelope: seal(secrets, key, `${secretsKeyOf.pk}|${secretsKeyOf.sk}`),
      encryptedAt: at,
      protection: SECRETS_PROTECTION,
    }),
    // who onboarded or renewed, and the certificate's validity; never the key or the CSID secrets
    tx.put(
      auditItem(actor, previous ? 'einvoicing.renew' : 'einvoicing.onboard', 'einvoicing', 'ONBOARDING', {
        before: previous ? { stage: previous.stage, csidExpiresAt: previous.csidExpiresAt } : undefined,
        after: { stage: state.stage, environment, csidExpiresAt: state.csidExpiresAt },
      }),
    ),
  ]);
  return statusOf(settings, state);
}

/** One transaction; a concurrent onboarding that wrote first → 409. */
async function save(items: TransactItem[]): Promise<void> {
  try {
    await transact(items);
  } catch (e) {
    if (isConditionFailure(e)) throw conflict(M.concurrentOnboarding);
    throw e;
  }
}

const pick = (c: ZatcaCsid) => ({
  requestID: c.requestID,
  binarySecurityToken: c.binarySecurityToken,
  secret: c.secret,
});

function withoutArabicName(p: EInvoiceParty): EInvoiceParty {
  const { nameArabic: _ignored, ...rest } = p;
  return rest;
}
