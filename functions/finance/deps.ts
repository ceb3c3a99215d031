/** What the finance domain reads and writes through other domains' api.ts (DESIGN.md §13). */
/** Security: the company's scheduler job log (GET /api/v1/jobs/runs), one line per company and run. */
export { recordCompanyJobRun } from '../security/api';
export { accountIdsByCode, bookAccounts, journalItems, reversalJournalItems, newLeafAccountItems } from '../accounting/api';
export { accountStatement, assetBalancesMinor, exportAccountStatement, incomeAndExpenses } from '../accounting/api';
