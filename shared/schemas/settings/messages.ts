import { messageKeysOf } from '../message-keys';
/** Company settings messages (part of shared/schemas/settings.ts). No zod here: the catalogs spread them. */
// ---------------------------------------------------------------------------------------------
// Messages (the spec gives none for these fields except where noted; ours are plain English)
// ---------------------------------------------------------------------------------------------

export const SETTINGS_MESSAGES = {
  /** Same words as sign-up's tenantName (product-screens §5). */
  nameRequired: 'Company name is required',
  nameTooLong: 'Company name must be at most 120 characters',
  /** Same words as sign-up (product-screens §5). */
  invalidEmail: 'Invalid email address',
  invalidPhone: 'Phone number may contain only digits, spaces and + - ( )',
  textTooLong: 'Text is too long',
  invalidColor: 'Colour must be a hex colour such as #3B82F6',
  invalidTime: 'Time must be in HH:mm format',
  closeAfterOpen: 'Closing time must be after opening time',
  invalidTimezone: 'Unknown time zone',
  gracePeriodRange: 'Grace period must be between 0 and 24 hours',
  gracePeriodWhole: 'Grace period must be a whole number of hours',
  depositReleaseRange: 'Deposit release must be a whole number of days between 0 and 365',
  vatRateRange: 'VAT rate must be between 0% and 100%',
  vatRateDecimals: 'VAT rate must have at most 2 decimal places as a percent',
  vatNumberInvalid: 'VAT number may contain only letters, digits, spaces and -',
  buildingNumberInvalid: 'Building number is 4 digits',
  additionalNumberInvalid: 'Additional number is 4 digits',
  postalCodeInvalid: 'Postal code may contain only letters, digits, spaces and -',
  commercialRegistrationInvalid: 'Commercial registration may contain only letters, digits and -',
  prefixInvalid: 'Prefix must be 1 to 10 letters, digits, - or /',
  startNumberRange: 'Starting number must be a whole number between 1 and 999999999',
  paymentTermsRange: 'Payment terms must be between 0 and 365 days',
  keyInvalid: 'Key must be 1 to 200 characters without spaces',
  logoKeyInvalid: 'Logo must be uploaded through the logo upload',
  versionRequired: 'Version is required',
  /** Spec: "Logo upload: PNG or JPG only, at most 2 MB". */
  logoType: 'Logo must be a PNG or JPG image',
  logoSize: 'Logo must be at most 2 MB',
  fileNameRequired: 'File name is required',
  /** Issue 26: a region change once the company has posted to its books. */
  regionLocked:
    "The region can't be changed any more: this company has already posted to its books, and they are kept in its region's currency and tax regime (chart of accounts, tax codes, VAT return). A company in another country needs its own account.",
} as const;

export type SettingsMessageKey = keyof typeof SETTINGS_MESSAGES;

/** Reverse lookup: English message → key, so the web can translate schema and server errors. */
export const SETTINGS_MESSAGE_KEYS: Record<string, SettingsMessageKey> =
  /* @__PURE__ */ messageKeysOf(SETTINGS_MESSAGES);
