/**
 * The sign-in and sign-up messages (spec product-screens-and-session.md §5, verbatim), in a module
 * without zod so the English catalog can use them without adding zod to the sign-in page's
 * first download (budget: 150 KB gzip).
 */
export const AUTH_MESSAGES = {
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
  invalidEmail: 'Invalid email address',
  passwordMin: 'Password must be at least 6 characters',
  fullNameEnglishRequired: 'Full name in English is required',
  tenantNameRequired: 'Company name is required',
  // Issue 26 (not in the spec's §5 list): the country the company is created in.
  regionInvalid: 'Choose the country your company operates in',
  currencyMismatch: "Currency must be the chosen country's currency",
  timezoneInvalid: 'Unknown time zone',
  // Issue 31: sign-up, staff creation and password change refuse the 100,000 most common passwords
  // (functions/auth/common-passwords.ts); the lockout answer says when to try again.
  passwordCommon: 'This password is one of the most commonly used. Choose one that is harder to guess.',
  lockedTryAgain: 'Too many attempts. Try again in {{minutes}} min.',
} as const;
