/** What the finance domain reads and writes through other domains' api.ts (DESIGN.md §13). */
export {
  accountIdsByCode,
  bookAccounts,
  journalItems,
  reversalJournalItems,
  newLeafAccountItems,
} from '../accounting/api';
export { accountStatement, assetBalancesMinor, exportAccountStatement, incomeAndExpenses } from '../accounting/api';
