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
} as const;
