import { routeMaker } from './types';
import { createFinanceEntrySchema, financeEntryListSchema, financeEntrySchema, listFinanceEntriesQuery, moneyAccountListSchema, moneyAccountParams, statementQuery } from '../schemas/finance';
import { invoicingRunListSchema, invoicingRunSchema, invoicingScheduleSchema, listInvoicingRunsQuery, runInvoicingBody } from '../schemas/invoicing';

const route = routeMaker('finance');

/**
 * Finance (issue 10; fixed paths). Reads need financeRead (OWNER, ADMIN, STAFF); "Run now" and
 * every change financeEdit (OWNER, ADMIN); MECHANIC has no access (403).
 */
export const financeRoutes = [
  route({ operationId: 'listFinanceEntries', method: 'GET', path: '/api/v1/finance/entries', ability: 'financeRead', summary: 'Finance entries (income and expenses outside rentals), newest first; filter type', request: { query: listFinanceEntriesQuery }, response: financeEntryListSchema }),
  route({ operationId: 'createFinanceEntry', method: 'POST', path: '/api/v1/finance/entries', ability: 'financeEdit', summary: 'Adds an income or expense entry (cash box, petty cash or bank) and posts its journal in the same transaction', request: { body: createFinanceEntrySchema }, response: financeEntrySchema, idempotent: true }),
  route({ operationId: 'listMoneyAccounts', method: 'GET', path: '/api/v1/finance/accounts', ability: 'financeRead', summary: 'Cash box, petty cash and bank with their balances, read from the GL', response: moneyAccountListSchema }),
  route({ operationId: 'getAccountStatement', method: 'GET', path: '/api/v1/finance/accounts/{id}/statement', ability: 'financeRead', summary: "One money account's statement from the GL: opening balance, movements with running balance, closing", request: { params: moneyAccountParams, query: statementQuery } }),
  route({ operationId: 'listInvoicingRuns', method: 'GET', path: '/api/v1/invoicing/runs', ability: 'financeRead', summary: 'Runs of the scheduled invoicing of long rentals, newest first: invoices created, failures with the rental', request: { query: listInvoicingRunsQuery }, response: invoicingRunListSchema }),
  route({ operationId: 'runInvoicing', method: 'POST', path: '/api/v1/invoicing/run', ability: 'financeEdit', summary: 'Runs the invoicing of long rentals now for this company (idempotent: periods already invoiced are skipped)', request: { body: runInvoicingBody }, response: invoicingRunSchema }),
  route({ operationId: 'getInvoicingSchedule', method: 'GET', path: '/api/v1/invoicing/schedule', ability: 'financeRead', summary: 'Rentals invoiced automatically: billing frequency, next period and when it is invoiced, last invoiced date', response: invoicingScheduleSchema }),
];
