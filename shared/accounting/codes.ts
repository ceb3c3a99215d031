/**
 * The well-known account codes of the default chart (./chart.ts) that the posting rules and other
 * domains post to. In a file of their own: a module that needs only the codes does not load the
 * chart's table with its names (a Lambda's cold start; DESIGN.md §10 bundles).
 */
export const ACCOUNT_CODES = {
  cash: '1110', pettyCash: '1120', bank: '1210', cardClearing: '1250', gatewayClearing: '1260',
  receivables: '1310', accruedRevenue: '1320', finesRecoverable: '1330', salikPrepaid: '1340', vatInput: '1510',
  fleet: '1710', accumulatedDepreciation: '1780',
  payables: '2110', customerAdvances: '2160', unearnedRevenue: '2170', depositsHeld: '2180', vatOutput: '2310',
  capital: '3100', openingBalanceEquity: '3300', retainedEarnings: '3400',
  rentalIncome: '4110', extraKmIncome: '4120', fuelIncome: '4130', lateFeeIncome: '4140', damageIncome: '4150',
  adminFeeIncome: '4160', tollIncome: '4170', otherIncome: '4180',
  maintenance: '5110', fuelExpense: '5120', tollExpense: '5130', insurance: '5140', registration: '5150',
  depreciation: '5160', unrecoveredFines: '5170', salaries: '5210', cardFees: '5230',
} as const;
export type AccountCode = (typeof ACCOUNT_CODES)[keyof typeof ACCOUNT_CODES];
