import { routeMaker } from './types';
import {
  accountIdParams, accountResponse, asOfQuery, createAccountSchema, createJournalEntrySchema, entryIdParams, generalLedgerQuery,
  journalAttachmentUploadSchema, journalEntryResponse, listAccountsQuery, listJournalEntriesQuery, lockDateSchema, paymentMethodMappingsSchema, periodQuery,
  reverseJournalEntrySchema, selfCheckResponse, trialBalanceResponse, updateAccountSchema,
  accountPageResponse, accountingSetupResponse, accountingSummaryResponse, balanceSheetResponse, generalLedgerResponse,
  journalAttachmentUploadResponse, journalEntryPageResponse, lockDateResponse, paymentMethodMappingsResponse, profitLossResponse,
  vatReportResponse,
} from '../schemas/accounting';

const route = routeMaker('accounting');
/** Reports answer JSON, or a download with `?format=csv|pdf`. */
const EXPORTS = ['text/csv', 'application/pdf'] as const;

/**
 * Accounting (issue 18): chart of accounts, the journal, reports, self-check and the period
 * lock. The paths are fixed by the issue (integrations rely on them). Ability `accounting`
 * (OWNER, ADMIN; SUPERADMIN in its own tenant); changing the lock date needs `accountingLock`
 * (OWNER). Reports answer JSON, or CSV/PDF with `?format=`.
 */
export const accountingRoutes = [
  route({ ability: 'accounting', operationId: 'listAccounts', method: 'GET', path: '/api/v1/accounting/accounts', summary: 'Chart of accounts with balances (tree order by code)', request: { query: listAccountsQuery }, response: accountPageResponse }),
  route({ ability: 'accounting', operationId: 'createAccount', method: 'POST', path: '/api/v1/accounting/accounts', summary: 'Adds an account under a group (code unique, type inherited)', request: { body: createAccountSchema }, response: accountResponse }),
  route({ ability: 'accounting', operationId: 'updateAccount', method: 'PATCH', path: '/api/v1/accounting/accounts/{id}', summary: 'Renames or (de)activates an account (deactivation only at zero balance)', request: { params: accountIdParams, body: updateAccountSchema }, response: accountResponse }),
  route({ ability: 'accounting', operationId: 'getPaymentMethodMappings', method: 'GET', path: '/api/v1/accounting/payment-method-mappings', summary: 'Account each payment method posts to', response: paymentMethodMappingsResponse }),
  route({ ability: 'accounting', operationId: 'putPaymentMethodMappings', method: 'PUT', path: '/api/v1/accounting/payment-method-mappings', summary: 'Sets the account of payment methods', request: { body: paymentMethodMappingsSchema }, response: paymentMethodMappingsResponse }),
  route({ ability: 'accounting', operationId: 'listJournalEntries', method: 'GET', path: '/api/v1/accounting/journal-entries', summary: 'Journal entries, newest date first; filters source, from, to, accountId, q', request: { query: listJournalEntriesQuery }, response: journalEntryPageResponse }),
  route({ ability: 'accounting', operationId: 'createJournalEntry', method: 'POST', path: '/api/v1/accounting/journal-entries', summary: 'Posts a manual journal entry (balanced, ≥ 2 lines, open period)', request: { body: createJournalEntrySchema }, response: journalEntryResponse, idempotent: true }),
  route({ ability: 'accounting', operationId: 'createJournalAttachmentUploadUrl', method: 'POST', path: '/api/v1/accounting/attachments/upload-url', summary: 'Presigned PUT for a journal entry attachment (PDF, JPG or PNG, at most 10 MB)', request: { body: journalAttachmentUploadSchema }, response: journalAttachmentUploadResponse }),
  route({ ability: 'accounting', operationId: 'getJournalEntry', method: 'GET', path: '/api/v1/accounting/journal-entries/{id}', summary: 'One journal entry with its lines', request: { params: entryIdParams }, response: journalEntryResponse }),
  route({ ability: 'accounting', operationId: 'reverseJournalEntry', method: 'POST', path: '/api/v1/accounting/journal-entries/{id}/reverse', summary: 'Posts the reversal of an entry (swapped lines, linked both ways)', request: { params: entryIdParams, body: reverseJournalEntrySchema }, response: journalEntryResponse, idempotent: true }),
  route({ ability: 'accounting', operationId: 'trialBalance', method: 'GET', path: '/api/v1/accounting/trial-balance', summary: 'Trial balance as of a date (nets to zero)', request: { query: asOfQuery }, response: trialBalanceResponse, responseTypes: EXPORTS }),
  route({ ability: 'accounting', operationId: 'generalLedger', method: 'GET', path: '/api/v1/accounting/general-ledger', summary: 'One account for a period: opening, lines with running balance, closing (paged)', request: { query: generalLedgerQuery }, response: generalLedgerResponse, responseTypes: EXPORTS }),
  route({ ability: 'accounting', operationId: 'balanceSheet', method: 'GET', path: '/api/v1/accounting/balance-sheet', summary: 'Balance sheet as of a date (current-period earnings computed live)', request: { query: asOfQuery }, response: balanceSheetResponse, responseTypes: EXPORTS }),
  route({ ability: 'accounting', operationId: 'profitLoss', method: 'GET', path: '/api/v1/accounting/profit-loss', summary: 'Profit and loss for a period beside the previous one', request: { query: periodQuery }, response: profitLossResponse, responseTypes: EXPORTS }),
  route({ ability: 'accounting', operationId: 'vatReport', method: 'GET', path: '/api/v1/accounting/vat-report', summary: "VAT return of a period in the region's layout", request: { query: periodQuery }, response: vatReportResponse, responseTypes: EXPORTS }),
  route({ ability: 'accounting', operationId: 'accountingSummary', method: 'GET', path: '/api/v1/accounting/summary', summary: "Dashboard figures: cash, bank, receivables, deposits held, VAT payable, this month's income and expenses", response: accountingSummaryResponse }),
  route({ ability: 'accounting', operationId: 'accountingSelfCheck', method: 'GET', path: '/api/v1/accounting/self-check', summary: 'Checks the books: trial balance, sub-ledgers, VAT, mappings, locked periods', response: selfCheckResponse }),
  route({ ability: 'accounting', operationId: 'getLockDate', method: 'GET', path: '/api/v1/accounting/lock-date', summary: 'The lock date and the VAT period filed', response: lockDateResponse }),
  route({ operationId: 'putLockDate', method: 'PUT', path: '/api/v1/accounting/lock-date', ability: 'accountingLock', summary: 'Sets the lock date (OWNER); marking a VAT period filed locks it for tax', request: { body: lockDateSchema }, response: lockDateResponse }),
  route({ ability: 'accounting', operationId: 'setupAccounting', method: 'POST', path: '/api/v1/accounting/setup', summary: 'Creates the default chart when missing and posts the rentals not yet in the books (idempotent)', response: accountingSetupResponse }),
];
