import * as z from 'zod';

/**
 * E-invoicing (issue 29): the Saudi onboarding slice. The server's messages (English, verbatim; Arabic in
 * shared/i18n/einvoicing.ts under `messages`) and the request and response schemas of
 * GET /api/v1/einvoicing/status and POST /api/v1/einvoicing/onboard.
 */
export const EINVOICING_MESSAGES = {
  otpInvalid: 'Enter the 6-digit OTP from the Fatoora portal',
  notSaudi: 'E-invoicing onboarding with ZATCA is for companies in Saudi Arabia',
  vatNumberRequired:
    'Set the company VAT number (15 digits, starting and ending with 3) in company settings before onboarding',
  otpRefused: 'ZATCA refused the OTP: {{message}}',
  checksFailed: 'ZATCA compliance checks failed: {{message}}',
  productionRefused: 'ZATCA did not issue the production CSID: {{message}}',
  zatcaUnavailable: 'ZATCA is not answering right now; nothing was changed. Please try again.',
  notConfigured: 'E-invoicing secrets encryption is not configured on this server',
  concurrentOnboarding: 'Another onboarding of this company finished first; refresh to see its result',
} as const;

/** A Saudi VAT registration number: 15 digits, first and last 3 (KSA rule BR-KSA-40). */
export const KSA_VAT_NUMBER = /^3\d{13}3$/;

export const onboardBodySchema = z.object({
  otp: z
    .string({ error: EINVOICING_MESSAGES.otpInvalid })
    .trim()
    .regex(/^\d{6}$/, EINVOICING_MESSAGES.otpInvalid),
});

export const EINVOICING_STAGES = ['not_started', 'compliance', 'production', 'failed'] as const;
export type EInvoicingStage = (typeof EINVOICING_STAGES)[number];

/** The document types a compliance check covers (the CSR's invoice type 1100: standard and simplified). */
export const KSA_CHECK_TYPES = [
  'standard-invoice',
  'standard-credit',
  'standard-debit',
  'simplified-invoice',
  'simplified-credit',
  'simplified-debit',
] as const;
export type KsaCheckType = (typeof KSA_CHECK_TYPES)[number];

export const einvoicingStatusSchema = z.object({
  region: z.string(),
  /** Saudi companies must onboard (ZATCA phase 2); others have nothing to do here. */
  required: z.boolean(),
  stage: z.enum(EINVOICING_STAGES),
  /** ZATCA's environment the CSID is from: sandbox (developer portal), simulation or production. */
  environment: z.enum(['sandbox', 'simulation', 'production']),
  /** The production CSID certificate's end of validity (ISO), when onboarded. */
  csidExpiresAt: z.string().optional(),
  onboardedAt: z.string().optional(),
  /** Per document type: whether its compliance check passed (absent: not run yet). */
  checks: z.partialRecord(z.enum(KSA_CHECK_TYPES), z.boolean()),
  /** ZATCA warnings of the last compliance checks. */
  warnings: z.array(z.string()),
  lastError: z.string().optional(),
  /** UAE and Jordan: the company's connection to its network (never its credentials). */
  network: z
    .object({ name: z.enum(['uae-asp', 'jofotara']), connected: z.boolean(), connectedAt: z.string().optional() })
    .optional(),
});
export type EInvoicingStatus = z.infer<typeof einvoicingStatusSchema>;

/**
 * PUT /api/v1/einvoicing/network: the credentials of the company's network, write-only (sealed, never answered).
 * UAE: the API key and the company's id at its accredited service provider; Jordan: JoFotara's client id and
 * secret key from the portal.
 */
export const NETWORK_MESSAGES = {
  wrongRegion: 'This network is not the e-invoicing network of the company region',
  noNetwork: 'Companies in this region have no e-invoicing network to connect',
  apiKeyRequired: 'Enter the API key from your service provider',
  legalEntityRequired: 'Enter your company id at the service provider',
  clientIdRequired: 'Enter the client id from the JoFotara portal',
  secretKeyRequired: 'Enter the secret key from the JoFotara portal',
  incomeSourceRequired: 'Enter the income source sequence from the JoFotara portal (digits)',
} as const;

const secretText = (message: string) => z.string({ error: message }).trim().min(1, message).max(500, message);

/** The connection body once checked: the fields of the company's network only. */
export type NetworkBody =
  | { network: 'uae-asp'; apiKey: string; legalEntityId: number }
  | { network: 'jofotara'; clientId: string; secretKey: string; incomeSourceSequence: string };

/** Which fields each network needs (the others are ignored), with the message naming a missing one. */
const NETWORK_FIELDS = {
  'uae-asp': { apiKey: NETWORK_MESSAGES.apiKeyRequired, legalEntityId: NETWORK_MESSAGES.legalEntityRequired },
  jofotara: {
    clientId: NETWORK_MESSAGES.clientIdRequired,
    secretKey: NETWORK_MESSAGES.secretKeyRequired,
    incomeSourceSequence: NETWORK_MESSAGES.incomeSourceRequired,
  },
} as const;

/**
 * PUT /api/v1/einvoicing/network. One object (not a union by `network`) so that each field has its own type
 * and length check whatever the network, and a field of the other network with a wrong value is named too;
 * the fields the chosen network needs are then required (superRefine), and the answer keeps only them.
 */
export const networkBodySchema = z
  .object({
    network: z.enum(['uae-asp', 'jofotara']),
    apiKey: secretText(NETWORK_MESSAGES.apiKeyRequired).optional(),
    legalEntityId: z.coerce
      .number({ error: NETWORK_MESSAGES.legalEntityRequired })
      .int(NETWORK_MESSAGES.legalEntityRequired)
      .positive(NETWORK_MESSAGES.legalEntityRequired)
      .optional(),
    clientId: secretText(NETWORK_MESSAGES.clientIdRequired).optional(),
    secretKey: secretText(NETWORK_MESSAGES.secretKeyRequired).optional(),
    /** The activity's income source sequence (تسلسل مصدر الدخل) every JoFotara invoice names; not a secret. */
    incomeSourceSequence: z
      .string({ error: NETWORK_MESSAGES.incomeSourceRequired })
      .trim()
      .regex(/^\d{1,20}$/, NETWORK_MESSAGES.incomeSourceRequired)
      .optional(),
  })
  .superRefine((body, ctx) => {
    for (const [field, message] of Object.entries(NETWORK_FIELDS[body.network]))
      if (body[field as keyof typeof body] === undefined) ctx.addIssue({ code: 'custom', path: [field], message });
  })
  .transform(
    (body): NetworkBody =>
      body.network === 'uae-asp'
        ? { network: 'uae-asp', apiKey: String(body.apiKey), legalEntityId: Number(body.legalEntityId) }
        : {
            network: 'jofotara',
            clientId: String(body.clientId),
            secretKey: String(body.secretKey),
            incomeSourceSequence: String(body.incomeSourceSequence),
          },
  );

/* ------------------------------------------------------------------------------------------------------------
 * Issued e-invoice documents (issue 29): GET /api/v1/einvoicing/documents?status=, POST …/documents/{id}/retry,
 * and the `einvoice` block of an invoice's detail (GET /api/v1/invoices/{id}).
 * ---------------------------------------------------------------------------------------------------------- */
/** Which network a document goes to: ZATCA (Saudi), a UAE accredited service provider (PINT AE), JoFotara. */
export const EDOC_NETWORKS = ['zatca', 'uae-asp', 'jofotara'] as const;
export type EDocNetwork = (typeof EDOC_NETWORKS)[number];

export const EDOC_KINDS = ['invoice', 'credit_note', 'debit_note'] as const;
export type EDocKind = (typeof EDOC_KINDS)[number];

/**
 * pending: issued, not yet accepted by the network (the job submits it; a standard Saudi invoice is held from
 * the buyer until cleared); reported (ZATCA, simplified); cleared (ZATCA, standard: ZATCA's stamped XML is what
 * the buyer receives); accepted (UAE access point, JoFotara); rejected (the network's messages are kept: fixed by
 * a credit note and a new invoice, never edited); unsent (UAE/Jordan company with no provider connected yet:
 * the XML exists, nothing was sent).
 */
export const EDOC_STATUSES = ['pending', 'reported', 'cleared', 'accepted', 'rejected', 'unsent'] as const;
export type EDocStatus = (typeof EDOC_STATUSES)[number];

export const edocSummarySchema = z.object({
  id: z.string(),
  network: z.enum(EDOC_NETWORKS),
  kind: z.enum(EDOC_KINDS),
  profile: z.enum(['standard', 'simplified']),
  invoiceId: z.string(),
  number: z.string(),
  uuid: z.string(),
  issuedAt: z.string(),
  currency: z.string(),
  total: z.number(),
  vat: z.number(),
  status: z.enum(EDOC_STATUSES),
  icv: z.number().optional(),
  hash: z.string().optional(),
  /** The QR as printed (base64 TLV for Saudi phase 2; Jordan: what JoFotara returned). */
  qr: z.string().optional(),
  warnings: z.array(z.string()),
  errors: z.array(z.string()),
  attempts: z.number(),
  lastAttemptAt: z.string().optional(),
  nextAttemptAt: z.string().optional(),
  submittedAt: z.string().optional(),
  /** Whether the document may be given to the buyer (false while a standard Saudi invoice awaits clearance). */
  released: z.boolean(),
});
export type EDocSummary = z.infer<typeof edocSummarySchema>;

export const edocListQuerySchema = z.object({
  status: z.enum(EDOC_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: z.string().max(2000).optional(),
});
export const edocPageSchema = z.object({ items: z.array(edocSummarySchema), nextCursor: z.string().nullable() });

export const EDOC_MESSAGES = {
  notRetryable:
    'Only a pending or unsent document can be sent again; a rejected one is fixed by a credit note and a new invoice',
  notReleased: 'This invoice is waiting for ZATCA clearance; it can be given to the buyer once cleared',
  noDocument: 'This invoice has no e-invoice document',
  buyerAddressRequired:
    "A standard tax invoice needs the buyer's national address: building number, street, district, city and " +
    'postal code',
  sellerAddressRequired:
    "Set the company's national address (building number, street, district, city, postal code) in company " +
    'settings before issuing e-invoices',
} as const;
