import { migrationCompanies } from './all-companies';
import { defineJob } from '../lib/jobs/define-job';
import { moveLegacyDocuments } from '../documents/job';

/**
 * One-off migration (events/schedules.ts 'documents-move', never scheduled): moves the documents
 * vehicles and customers kept on their own (VEHICLE_DOC / CUSTOMER_DOC items, before issue 11's
 * one documents module) into DOC items, same S3 objects (functions/documents/legacy-move.ts).
 * Idempotent: a moved item is marked in the same transaction and skipped by the next run. Like
 * the other one-off migrations it Scans the settings items to find the companies; `onlyTenants`
 * limits a run to some companies (an operator re-running one, or a test).
 */
export const job = defineJob({
  name: 'documents-move',
  reads: [],
  run: async (ctx) => {
    const tenants = await migrationCompanies(ctx);
    const result = { companies: tenants.length, found: 0, moved: 0, skipped: 0 };
    for (const tenantId of tenants) {
      const r = await moveLegacyDocuments(tenantId);
      result.found += r.found;
      result.moved += r.moved;
      result.skipped += r.skipped;
    }
    return result;
  },
});
export const handler = job.handler;
