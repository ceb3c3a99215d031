/** What identity needs from other domains (DESIGN.md §13: only through their api.ts). */

/** Accounting: the company's default chart of accounts, created at sign-up. */
export { setUpBooks } from '../accounting/api';

/** Security: the company's geo access rules, applied at sign-in. */
export { judgeCountry, readGeoRules, assessSignin, recordSignin, signinSucceeded, jobRunOf } from '../security/api';
