/** Invoice automation (issue 10): API paths, calls and the finance catalog area. */
import { addArea } from '../../../../shared/i18n';
import { finance as financeCatalog } from '../../../../shared/i18n/finance';
import type { InvoicingRun, InvoicingScheduleItem } from '../../../../shared/schemas/invoicing';
import { FINANCE_MESSAGES } from '../../../../shared/schemas/finance';
import { apiPath, callApi } from '../../lib/api-client';
import { registerMessages } from '../../lib/api-errors';

addArea('finance', financeCatalog);
registerMessages('finance.messages', FINANCE_MESSAGES);

export type { InvoicingRun, InvoicingScheduleItem };
export const INVOICING_RUNS_PATH = apiPath('listInvoicingRuns');
export const INVOICING_SCHEDULE_PATH = apiPath('getInvoicingSchedule');
export const runInvoicingNow = () => callApi<'runInvoicing', InvoicingRun>('runInvoicing', { body: {} });
