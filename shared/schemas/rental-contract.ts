import * as z from 'zod';
import { signatureDataUrl } from './signature';
import {
  CONTRACT_STATUSES,
  type ContractStatus,
  CONTRACT_MESSAGES,
  CONTRACT_LINK_HOURS,
  REMOTE_SIGN_MESSAGES,
} from './rental-contract-constants';
export * from './rental-contract-constants';

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
