/**
 * The zod-free half of rental-contract.ts: statuses, messages and the link lifetime a Lambda
 * imports without building the contract's zod schemas (cold-start time, `npm run bench`).
 */

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
