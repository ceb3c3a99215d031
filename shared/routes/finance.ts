import { routeMaker } from './types';
import {
  createBankAccountSchema,
  createFinanceEntrySchema,
  createTransferSchema,
  financeEntryListSchema,
  financeEntrySchema,
  idParams,
  listFinanceEntriesQuery,
  listTransfersQuery,
  moneyAccountListSchema,
  moneyAccountParams,
  moneyAccountStatementSchema,
  moneyAccountSchema,
  operationalChargesQuery,
  operationalChargesSchema,
  receiptUploadSchema,
  reverseBody,
  statementQuery,
  transferListSchema,
  transferSchema,
} from '../schemas/finance';
import { journalAttachmentUploadResponse } from '../schemas/upload';
import {
  invoicingRunListSchema,
  invoicingRunSchema,
  invoicingScheduleSchema,
  listInvoicingRunsQuery,
  runInvoicingBody,
} from '../schemas/invoicing';

const route = routeMaker('finance');

/**
 * Finance (issue 10; fixed paths). Reads need financeRead (OWNER, ADMIN, STAFF); "Run now" and
 * every change financeEdit (OWNER, ADMIN); MECHANIC has no access (403).
 */
export const financeRoutes = [
  route({
    operationId: 'listFinanceEntries',
    method: 'GET',
    path: '/api/v1/finance/entries',
    ability: 'financeRead',
    summary: 'Finance entries (income and expenses outside rentals), newest first; filter type',
    request: { query: listFinanceEntriesQuery },
    response: financeEntryListSchema,
  }),
  route({
    operationId: 'createFinanceEntry',
    method: 'POST',
    path: '/api/v1/finance/entries',
    ability: 'financeEdit',
    summary:
      'Adds an income or expense entry (cash box, petty cash or bank) and posts its journal in the same transaction',
    request: { body: createFinanceEntrySchema },
    response: financeEntrySchema,
    idempotent: true,
  }),
  route({
    operationId: 'reverseFinanceEntry',
    method: 'POST',
    path: '/api/v1/finance/entries/{id}/reverse',
    ability: 'financeEdit',
    summary: 'Corrects an entry: posts the reversal of its journal entry and marks it reversed (once)',
    request: { params: idParams, body: reverseBody },
    response: financeEntrySchema,
    idempotent: true,
  }),
  route({
    operationId: 'financeReceiptUploadUrl',
    method: 'POST',
    path: '/api/v1/finance/receipts/upload-url',
    ability: 'financeEdit',
    summary: 'Presigned PUT for a finance entry receipt (PDF, JPG or PNG, at most 10 MB)',
    request: { body: receiptUploadSchema },
    response: journalAttachmentUploadResponse,
  }),
  route({
    operationId: 'listMoneyAccounts',
    method: 'GET',
    path: '/api/v1/finance/accounts',
    ability: 'financeRead',
    summary:
      'Cash box, petty cash, the main bank account and every added bank account with their balances, read from the GL',
    response: moneyAccountListSchema,
  }),
  route({
    operationId: 'createBankAccount',
    method: 'POST',
    path: '/api/v1/finance/accounts',
    ability: 'financeEdit',
    summary: 'Adds a bank account (name, bank, IBAN with its mod-97 check, currency) and its GL account under 1200',
    request: { body: createBankAccountSchema },
    response: moneyAccountSchema,
  }),
  route({
    operationId: 'getAccountStatement',
    method: 'GET',
    path: '/api/v1/finance/accounts/{id}/statement',
    ability: 'financeRead',
    summary:
      "One money account's statement from the GL: opening balance, movements with running balance, closing; format=csv|pdf downloads the period",
    request: { params: moneyAccountParams, query: statementQuery },
    response: moneyAccountStatementSchema,
    responseTypes: ['text/csv', 'application/pdf'],
  }),
  route({
    operationId: 'listTransfers',
    method: 'GET',
    path: '/api/v1/finance/transfers',
    ability: 'financeRead',
    summary: 'Transfers between the money accounts, newest first',
    request: { query: listTransfersQuery },
    response: transferListSchema,
  }),
  route({
    operationId: 'createTransfer',
    method: 'POST',
    path: '/api/v1/finance/transfers',
    ability: 'financeEdit',
    summary:
      'Moves money between the cash box, petty cash and bank accounts; posts its journal in the same transaction',
    request: { body: createTransferSchema },
    response: transferSchema,
    idempotent: true,
  }),
  route({
    operationId: 'reverseTransfer',
    method: 'POST',
    path: '/api/v1/finance/transfers/{id}/reverse',
    ability: 'financeEdit',
    summary: 'Corrects a transfer: posts the reversal of its journal entry and marks it reversed (once)',
    request: { params: idParams, body: reverseBody },
    response: transferSchema,
    idempotent: true,
  }),
  route({
    operationId: 'getOperationalCharges',
    method: 'GET',
    path: '/api/v1/finance/operational-charges',
    ability: 'financeRead',
    summary: 'The operational charges ledger: expenses by category (GL expense accounts) for a period',
    request: { query: operationalChargesQuery },
    response: operationalChargesSchema,
  }),
  route({
    operationId: 'listInvoicingRuns',
    method: 'GET',
    path: '/api/v1/invoicing/runs',
    ability: 'financeRead',
    summary:
      'Runs of the scheduled invoicing of long rentals, newest first: invoices created, failures with the rental',
    request: { query: listInvoicingRunsQuery },
    response: invoicingRunListSchema,
  }),
  route({
    operationId: 'runInvoicing',
    method: 'POST',
    path: '/api/v1/invoicing/run',
    ability: 'financeEdit',
    summary:
      'Runs the invoicing of long rentals now for this company (idempotent: periods already invoiced are skipped)',
    request: { body: runInvoicingBody },
    response: invoicingRunSchema,
  }),
  route({
    operationId: 'getInvoicingSchedule',
    method: 'GET',
    path: '/api/v1/invoicing/schedule',
    ability: 'financeRead',
    summary:
      'Rentals invoiced automatically: billing frequency, next period and when it is invoiced, last invoiced date',
    response: invoicingScheduleSchema,
  }),
];
