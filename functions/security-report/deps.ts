/** What the weekly security report reads from other domains (DESIGN.md §13: only through their api.ts). */

/** Identity: the tenant directory (the weekly report's companies) and each company's users (its OWNERs' addresses). */
export { directoryPage, listUsers } from '../auth/api';

/** Security: each company's job log, where the report job records its run. */
export { recordCompanyJobRun, RUN_TTL_DAYS } from '../security/api';
