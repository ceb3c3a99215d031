/** What the finance domain reads and writes through other domains' api.ts (DESIGN.md §13). */
export { INVOICING_DUE_GSI_PK, invoicingIndexKey, invoicingNext, type InvoicingIndexItem } from '../rentals/api';
export { issueBillingPeriod } from '../invoices/api';
export { accountIdsByCode, bookAccounts, journalItems, reversalJournalItems, newLeafAccountItems } from '../accounting/api';
export { accountStatement, assetBalancesMinor, exportAccountStatement, incomeAndExpenses } from '../accounting/api';
