import { routeMaker } from './types';
import {
  agingQuery,
  agingReportSchema,
  applyDepositSchema,
  customerIdParams,
  depositIdParams,
  depositListSchema,
  listDepositsQuery,
  refundDepositSchema,
  reminderResultSchema,
  revenueProtectionSchema,
  depositApplyResponseSchema,
  depositRefundResponseSchema,
} from '../schemas/collections';

const route = routeMaker('collections');

/**
 * Collections (issue 10 part B): security deposits (the rental desk's: rentalsRead / rentalsEdit),
 * receivables aging and reminders (financeRead / financeRecordPayment) and revenue protection
 * (managers: financeEdit). Deposit movements accept an Idempotency-Key.
 */
export const collectionsRoutes = [
  route({
    operationId: 'listDeposits',
    method: 'GET',
    path: '/api/v1/deposits',
    ability: 'rentalsRead',
    summary:
      'Security deposits, newest first; status held, partially_applied, refunded, applied, open or overdue (held past the release date)',
    request: { query: listDepositsQuery },
    response: depositListSchema,
  }),
  route({
    operationId: 'refundDeposit',
    method: 'POST',
    path: '/api/v1/deposits/{id}/refund',
    ability: 'rentalsEdit',
    summary:
      'Refunds (part of) the deposit held to the original method: rental ledger, journal (deposits held against cash) and a REC- refund receipt in one transaction',
    request: { params: depositIdParams, body: refundDepositSchema },
    response: depositRefundResponseSchema,
    idempotent: true,
  }),
  route({
    operationId: 'applyDeposit',
    method: 'POST',
    path: '/api/v1/deposits/{id}/apply',
    ability: 'rentalsEdit',
    summary:
      'Applies (part of) the deposit held to charges (optionally posting the charge): journal deposits held against receivables, one transaction',
    request: { params: depositIdParams, body: applyDepositSchema },
    response: depositApplyResponseSchema,
    idempotent: true,
  }),
  route({
    operationId: 'receivablesAging',
    method: 'GET',
    path: '/api/v1/receivables/aging',
    ability: 'financeRead',
    summary:
      'Receivables by customer and by rental in aging buckets by due date (current, 1–30, 31–60, 61–90, over 90 days) on asOf',
    request: { query: agingQuery },
    response: agingReportSchema,
  }),
  route({
    operationId: 'remindCustomer',
    method: 'POST',
    path: '/api/v1/receivables/customers/{customerId}/remind',
    ability: 'financeRecordPayment',
    summary: 'Emails the customer their open invoices and balances (once per customer and day)',
    request: { params: customerIdParams },
    response: reminderResultSchema,
  }),
  route({
    operationId: 'revenueProtection',
    method: 'GET',
    path: '/api/v1/revenue-protection',
    ability: 'financeEdit',
    summary: 'Money the company is about to lose, each row linking to where it is fixed; from sparse indexes only',
    response: revenueProtectionSchema,
  }),
];
