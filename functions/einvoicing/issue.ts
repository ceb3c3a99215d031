import type {
  EInvoiceAddress,
  EInvoiceCountry,
  EInvoiceDocument,
  EInvoiceParty,
} from '../../shared/einvoicing/document';
import { KSA_INITIAL_PIH } from '../../shared/einvoicing/ksa/initial-pih';
import { EDOC_MESSAGES, type EDocNetwork, type EDocStatus } from '../../shared/schemas/einvoicing';
import { type CompanySettings, companyRegion } from '../lib/company-settings';
import { config } from '../lib/config';
import { batchGet, type Item, type TransactItem, tx } from '../lib/data/repo';
import { dueShardPk } from '../lib/data/due-index';
import { validationFailed } from '../lib/errors';
import {
  EDOC_DUE_GSI_PK,
  type EDocItem,
  type EInvoicingSecrets,
  edocKeys,
  einvoicingKeys,
  type OnboardingState,
  type SecretsItem,
} from './model';
import { open, secretsKey } from './secrets';

/**
 * The e-document of an invoice, credit note or debit note, born in that document's own issue transaction
 * (issue 29). The invoices domain builds the neutral document from what it issues (lines, totals, buyer) and
 * calls `eDocumentItems` BEFORE its transaction; this reads what it needs (the company's network state, the
 * Saudi chain and device key), builds the XML and answers the items to add:
 *  - Saudi company onboarded to production (ZATCA phase 2): the signed XML (build.ts + stamp.ts) carrying the
 *    next ICV and the previous document's hash; EDOC (pending), EDOC_XML, the CHAIN item conditioned on the
 *    icv read (two issues at once: one fails its condition and the caller's retryOnConflict re-plans it, as
 *    for the gap-free counter), EDOC_DUE due now (reporting within 24 h / clearance before release).
 *  - UAE (PINT AE) and Jordan (JoFotara): the XML; EDOC `pending` + EDOC_DUE when the NETWORK item says the
 *    company is connected, else `unsent` (nothing is sent: the company connects its provider later and sends
 *    them from the documents list). No chain.
 *  - Saudi not onboarded to production, the US, or a UAE/Jordan company whose tax details are not set and which
 *    has no network connected: no document (undefined) — the invoice issues as before (phase-1 QR in Saudi).
 * Nothing is written here; a 400 (seller or buyer address missing) leaves nothing written either.
 */
export interface EDocumentInput {
  /** The EDOC id: the invoice's id (invoice, debit note's own id) or the credit note's id. */
  documentId: string;
  invoiceId: string;
  issuedAt: string;
  /** The document without its seller (from the settings here) and profile (from the buyer's VAT number here). */
  document: Omit<EInvoiceDocument, 'seller' | 'profile'>;
}

export interface EDocumentPlan {
  items: TransactItem[];
  edoc: EDocItem;
}

interface ChainItem extends Item {
  icv: number;
  hash: string;
}

interface NetworkItem extends Item {
  connected?: boolean;
  /** JoFotara: the activity's income source sequence from the portal, when the connection stored it. */
  incomeSourceSequence?: string;
}

const NETWORK_OF: Partial<Record<string, EDocNetwork>> = { SA: 'zatca', AE: 'uae-asp', JO: 'jofotara' };

/** The company's structured address (settings taxAddress) as the e-invoice carries it; null when unset. */
export function sellerAddressOf(settings: CompanySettings, country: EInvoiceCountry): EInvoiceAddress | null {
  const a = settings.taxAddress;
  if (!a) return null;
  if (country === 'SA' && !(a.buildingNumber && a.street && a.district && a.city && a.postalCode)) return null;
  if (country !== 'SA' && !(a.street && a.city)) return null;
  return {
    street: a.street,
    buildingNumber: a.buildingNumber || null,
    additionalNumber: a.additionalNumber || null,
    district: a.district || null,
    city: a.city,
    postalCode: a.postalCode || null,
    emirate: a.emirate || null,
    countryCode: country,
  };
}

/** A Saudi national address is complete (KSA rules BR-KSA-09/-37: building, street, district, city, postal code). */
export const completeKsaAddress = (a: EInvoiceAddress | null | undefined): boolean =>
  !!(a?.buildingNumber && a.street && a.district && a.city && a.postalCode);

function sellerOf(settings: CompanySettings, address: EInvoiceAddress): EInvoiceParty {
  return {
    name: settings.name,
    vatNumber: settings.vatNumber || null,
    otherId: settings.commercialRegistration ? { scheme: 'CRN', value: settings.commercialRegistration } : null,
    address,
    email: settings.email || null,
    phone: settings.phone || null,
  };
}

const sellerAddressMissing = () =>
  validationFailed({ taxAddress: EDOC_MESSAGES.sellerAddressRequired }, EDOC_MESSAGES.sellerAddressRequired);

/** The items creating the e-document, or undefined when the company issues none (see the header). */
export async function eDocumentItems(
  tenantId: string,
  settings: CompanySettings,
  input: EDocumentInput,
): Promise<EDocumentPlan | undefined> {
  const region = companyRegion(settings);
  const network = NETWORK_OF[region];
  if (!network) return undefined;
  const profile = input.document.buyer.vatNumber ? 'standard' : 'simplified';
  if (network === 'zatca') return saudiDocument(tenantId, settings, input, profile);
  // PINT AE and JoFotara have no debit note: a further charge is a new invoice there.
  if (input.document.kind === 'debit') return undefined;
  const [net] = (await batchGet([einvoicingKeys.network(tenantId)], true)) as (NetworkItem | undefined)[];
  const connected = net?.connected === true;
  // A JoFotara invoice names the activity's income source sequence, which only the connection gives: a Jordan
  // company's documents start once it is connected (none is kept unsent with a made-up sequence).
  if (network === 'jofotara' && !(connected && net?.incomeSourceSequence)) return undefined;
  const address = sellerAddressOf(settings, region as EInvoiceCountry);
  if (!address || !settings.vatNumber) {
    // Not set up for e-invoicing yet and nothing to send to: the invoice issues as before.
    if (!connected) return undefined;
    throw sellerAddressMissing();
  }
  const doc: EInvoiceDocument = {
    ...input.document,
    profile,
    seller: sellerOf(settings, address),
  };
  // The XML builders (and ZATCA's signing below) load with the first e-document, not at every cold start of the
  // Lambdas that issue invoices (DESIGN.md §10 bundle budget).
  const [{ buildPintAeXml }, { buildJoFotaraXml }, { EInvoiceBuildError }] = await Promise.all([
    import('../../shared/einvoicing/pint-ae'),
    import('../../shared/einvoicing/jofotara'),
    import('../../shared/einvoicing/ubl'),
  ]);
  let xml: string;
  try {
    xml =
      network === 'uae-asp'
        ? buildPintAeXml(doc)
        : buildJoFotaraXml(doc, { incomeSourceSequence: String(net?.incomeSourceSequence) });
  } catch (e) {
    if (e instanceof EInvoiceBuildError) throw validationFailed({ einvoice: e.message }, e.message);
    throw e;
  }
  return planOf(tenantId, input, doc, network, connected ? 'pending' : 'unsent', { xml });
}

async function saudiDocument(
  tenantId: string,
  settings: CompanySettings,
  input: EDocumentInput,
  profile: 'standard' | 'simplified',
): Promise<EDocumentPlan | undefined> {
  const [state, secretsItem, chain] = (await batchGet(
    [einvoicingKeys.onboarding(tenantId), einvoicingKeys.secrets(tenantId), edocKeys.chain(tenantId)],
    true,
  )) as [(Item & OnboardingState) | undefined, (Item & SecretsItem) | undefined, ChainItem | undefined];
  // Before production onboarding a Saudi company issues phase-1 documents (the simplified QR on the PDF).
  if (state?.stage !== 'production' || !state.certificatePem || !secretsItem) return undefined;
  const address = sellerAddressOf(settings, 'SA');
  if (!address) throw sellerAddressMissing();
  if (profile === 'standard' && !completeKsaAddress(input.document.buyer.address))
    throw validationFailed({ buyerAddress: EDOC_MESSAGES.buyerAddressRequired }, EDOC_MESSAGES.buyerAddressRequired);
  const key = secretsKey(config().einvoicingSecretsKey);
  if (!key) throw new Error('EINVOICING_SECRETS_KEY is not configured: cannot sign the e-invoice');
  const sk = einvoicingKeys.secrets(tenantId);
  const secrets = open<EInvoicingSecrets>(secretsItem.envelope, key, `${sk.pk}|${sk.sk}`);

  const doc: EInvoiceDocument = { ...input.document, profile, seller: sellerOf(settings, address) };
  const [{ buildKsaXml }, { stampKsaXml }] = await Promise.all([
    import('../../shared/einvoicing/ksa/build'),
    import('../../shared/einvoicing/ksa/stamp'),
  ]);
  const icv = (chain?.icv ?? 0) + 1;
  const pih = chain?.hash ?? KSA_INITIAL_PIH;
  let unsigned: string;
  try {
    unsigned = buildKsaXml(doc, { icv, pih });
  } catch (e) {
    // The document's own figures or a missing seller VAT number (build.ts `check`): nothing is written.
    throw validationFailed({ einvoice: (e as Error).message }, (e as Error).message);
  }
  const stamped = stampKsaXml(unsigned, {
    privateKeyPem: secrets.privateKeyPem,
    certificatePem: state.certificatePem,
    signingTime: new Date(input.issuedAt),
  });
  const chainKey = edocKeys.chain(tenantId);
  const chainWrite = tx.raw('Put', {
    Item: {
      ...chainKey,
      entityType: 'EINVOICING_CHAIN',
      icv,
      hash: stamped.hash,
      documentId: input.documentId,
      updatedAt: input.issuedAt,
    },
    ...(chain
      ? { ConditionExpression: 'icv = :read', ExpressionAttributeValues: { ':read': chain.icv } }
      : { ConditionExpression: 'attribute_not_exists(pk)' }),
  });
  return planOf(
    tenantId,
    input,
    doc,
    'zatca',
    'pending',
    { xml: stamped.xml, qr: stamped.qr, icv, pih, hash: stamped.hash },
    [chainWrite],
  );
}

function planOf(
  tenantId: string,
  input: EDocumentInput,
  doc: EInvoiceDocument,
  network: EDocNetwork,
  status: EDocStatus,
  built: { xml: string; qr?: string; icv?: number; pih?: string; hash?: string },
  extra: TransactItem[] = [],
): EDocumentPlan {
  const { documentId, issuedAt } = input;
  const edoc: EDocItem = {
    entityType: 'EDOC',
    id: documentId,
    tenantId,
    network,
    kind: doc.kind === 'credit' ? 'credit_note' : doc.kind === 'debit' ? 'debit_note' : 'invoice',
    profile: doc.profile,
    invoiceId: input.invoiceId,
    number: doc.number,
    uuid: doc.uuid,
    issuedAt,
    currency: doc.currency,
    totalMinor: doc.totalMinor,
    vatMinor: doc.vatMinor,
    status,
    ...(built.icv !== undefined ? { icv: built.icv, pih: built.pih, hash: built.hash } : {}),
    ...(built.qr ? { qr: built.qr } : {}),
    warnings: [],
    errors: [],
    attempts: 0,
    ...(status === 'pending' ? { nextAttemptAt: issuedAt } : {}),
    version: 1,
    updatedAt: issuedAt,
  };
  const items: TransactItem[] = [
    tx.putNew({
      ...edocKeys.document(tenantId, documentId),
      ...edoc,
      gsi2pk: edocKeys.statusPk(tenantId, status),
      gsi2sk: `${issuedAt}#${documentId}`,
    }),
    tx.putNew({ ...edocKeys.xml(tenantId, documentId), entityType: 'EDOC_XML', xml: built.xml, createdAt: issuedAt }),
    ...extra,
  ];
  if (status === 'pending')
    items.push(
      tx.putNew({
        ...edocKeys.due(tenantId, documentId),
        entityType: 'EDOC_DUE',
        tenantId,
        documentId,
        dueAt: issuedAt,
        gsi2pk: dueShardPk(EDOC_DUE_GSI_PK, edocKeys.due(tenantId, documentId)),
        gsi2sk: `${issuedAt}#${tenantId}#${documentId}`,
      }),
    );
  return { items, edoc };
}
