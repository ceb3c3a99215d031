/**
 * Accounting (issue 18): the API's messages (shared/schemas/accounting.ts ACCOUNTING_MESSAGES,
 * keyed by message code), error codes, account types, self-check names and report titles, in
 * English and Arabic. Registered lazily by the accounting pages when they are built.
 *
 * The words live in part files, one per sub-area, each holding both languages of its keys; this
 * file puts them back into the one `accounting` area the pages read (`accounting.ui.journal.…`).
 * `ui` is shared by three parts, so it is merged one level down.
 */
import { accountingMessages } from './accounting-messages';
import { accountingSummary } from './accounting-summary';
import { accountingJournal } from './accounting-journal';
import { accountingBooks } from './accounting-books';
import { accountingReports } from './accounting-reports';

export const accounting = {
  en: {
    ...accountingMessages.en,
    accountType: accountingReports.en.accountType,
    checks: accountingBooks.en.checks,
    ui: { ...accountingSummary.en.ui, ...accountingJournal.en.ui, ...accountingBooks.en.ui },
    reports: accountingReports.en.reports,
  },
  ar: {
    ...accountingMessages.ar,
    accountType: accountingReports.ar.accountType,
    checks: accountingBooks.ar.checks,
    ui: { ...accountingSummary.ar.ui, ...accountingJournal.ar.ui, ...accountingBooks.ar.ui },
    reports: accountingReports.ar.reports,
  },
};
