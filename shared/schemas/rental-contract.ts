import * as z from 'zod';
import { signatureDataUrl } from './signature';

/**
 * The rental contract's signature (issue 12; business-data §3 contract_storage: statuses draft,
 * signed, completed — field list not shown, ours below). One contract per rental:
 *  - draft: until signed; the PDF is generated from the rental as it stands (regenerated when the
 *    rental changes) — nothing of a draft needs keeping, so no record exists yet;
 *  - signed: the customer and a staff member signed on screen; the PDF with both signatures and the
 *    signing time is stored once under its own key and never rewritten; a second signature → 409;
 *  - completed: the rental was closed (close settles the deposit and locks the contract).
 */
export const CONTRACT_STATUSES = ['draft', 'signed', 'completed'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

export const CONTRACT_MESSAGES = {
  customerSignatureRequired: 'The customer’s signature is required',
  staffSignatureRequired: 'The staff member’s signature is required',
  signatureInvalid: 'This signature is not a readable PNG image. Clear the pad and sign again.',
  signatureTooLarge: 'A signature image can be at most 150 KB',
  alreadySigned: 'This contract is already signed and locked',
  notSignable: 'The contract of a cancelled, archived or closed rental cannot be signed',
  changed: 'The rental changed while the contract was being signed. Review it and sign again.',
} as const;

export const signContractSchema = z.object({
  customerSignature: signatureDataUrl(CONTRACT_MESSAGES.customerSignatureRequired, CONTRACT_MESSAGES.signatureTooLarge),
  staffSignature: signatureDataUrl(CONTRACT_MESSAGES.staffSignatureRequired, CONTRACT_MESSAGES.signatureTooLarge),
  /** The name printed under the customer's signature (default: the rental's customer). */
  customerName: z.string().trim().max(200).optional(),
  /** The rental version the signers saw: a different one → 409 (they would sign another text). */
  version: z.number().int().min(0).optional(),
});
export type SignContractBody = z.output<typeof signContractSchema>;

export const rentalContractSchema = z.object({
  rentalId: z.string(),
  contractNumber: z.string(),
  status: z.enum(CONTRACT_STATUSES),
  /** Short-lived download link of the PDF (the signed one once signed). */
  url: z.string(),
  signedAt: z.string().nullable(),
  signedBy: z.string().nullable(),
  customerSignedName: z.string().nullable(),
  staffSignedName: z.string().nullable(),
  completedAt: z.string().nullable(),
  /** SHA-256 of the signed PDF's bytes (hex), recorded when it was stored. */
  pdfSha256: z.string().nullable(),
});
export type RentalContract = z.infer<typeof rentalContractSchema>;

/**
 * Remote signing (issue 27): "Send for signature" emails the customer a one-time link
 * (`/contracts/sign?token=…`, 24 h) that reads and signs ONLY that contract, without signing in.
 * The customer signs alone; the company's side is the staff member who sent the link (named under
 * the company line of the PDF). A new send replaces the previous link.
 */
export const CONTRACT_LINK_HOURS = 24;
export const REMOTE_SIGN_MESSAGES = {
  linkInvalid: 'This signing link is not valid. Ask the company for a new one.',
  linkExpired: 'This signing link has expired. Ask the company to send a new one.',
  noEmail: 'The customer has no email address. Add one to the customer first.',
} as const;
export const sendContractSchema = z.object({ channel: z.literal('email').default('email') });
export const sendContractResponseSchema = z.object({ expiresAt: z.string(), sentTo: z.string() });
export const signTokenParams = z.object({ token: z.string().max(200) });
export const remoteSignSchema = z.object({
  customerSignature: signatureDataUrl(CONTRACT_MESSAGES.customerSignatureRequired, CONTRACT_MESSAGES.signatureTooLarge),
  customerName: z.string().trim().max(200).optional(),
  /** The rental version the customer read: a different one → 409 (the page reloads the contract). */
  version: z.number().int().min(0).optional(),
});
export type RemoteSignBody = z.output<typeof remoteSignSchema>;
/** What the public signing page shows: that contract only (no ids of anything else). */
export const publicContractSchema = z.object({
  contractNumber: z.string(),
  status: z.enum(CONTRACT_STATUSES),
  company: z.object({ name: z.string(), logoUrl: z.string().nullable() }),
  customerName: z.string(),
  vehicleLabel: z.string(),
  startDate: z.string(),
  expectedReturnDate: z.string().nullable(),
  version: z.number(),
  expiresAt: z.string(),
  signedAt: z.string().nullable(),
  /** Short-lived link of the PDF: the draft before signing, the signed one after. */
  url: z.string(),
});
export type PublicContract = z.infer<typeof publicContractSchema>;
