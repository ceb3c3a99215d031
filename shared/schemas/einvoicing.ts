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
});
export type EInvoicingStatus = z.infer<typeof einvoicingStatusSchema>;
