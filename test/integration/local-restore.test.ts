import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import { BASE_URL, get, post } from './client';
import { registerTenant } from './fixtures';
import { createCustomer, createRental, createVehicle, uploadDocumentFile } from './entity-factories';
import { config, resetConfigCache } from '../../functions/lib/config';
import { dynamo } from '../../functions/lib/clients/dynamo';
import { exportLocal, exportedKeys, importLocal } from '../../infra/ops/local-backup';
import { runSelfCheckOverHttp } from '../../infra/ops/self-check-client';

/**
 * The local restore drill (README "Restore drill"): a company with books and a document is exported
 * (table items + S3 objects) and imported into a NEW table and bucket; the copy holds the same items
 * and objects, and its trial balance and self-check answer exactly what the original's do.
 */
const dir = mkdtempSync(join(tmpdir(), 'sayyara-restore-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function countTenantItems(tableName: string, tenantId: string): Promise<number> {
  let n = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new ScanCommand({
        TableName: tableName,
        FilterExpression: 'begins_with(pk, :t)',
        ExpressionAttributeValues: { ':t': `T#${tenantId}#` },
        ExclusiveStartKey: start,
        ConsistentRead: true,
      }),
    );
    n += page.Items?.length ?? 0;
    start = page.LastEvaluatedKey;
  } while (start);
  return n;
}

describe('local export and re-import into a fresh table', () => {
  it('restores every item and object; trial balance and self-check answer the same', async () => {
    const owner = await registerTenant();
    const vehicle = await createVehicle(owner.token);
    const customer = await createCustomer(owner.token);
    const rental = await createRental(owner.token, {
      customerId: customer.id as string,
      vehicleId: vehicle.id as string,
    });
    const paid = await post(`/api/v1/rentals/${rental.id}/payments`, { amount: 150, method: 'cash' }, owner.token);
    expect(paid.status).toBe(201);
    const key = await uploadDocumentFile(owner.token);

    const original = config();
    const before = {
      trialBalance: await get('/api/v1/accounting/trial-balance', owner.token),
      // The restore drill's own self-check client (infra/ops/self-check-client.ts): run, poll, read.
      selfCheck: await runSelfCheckOverHttp(BASE_URL, owner.token, { pollMs: 100 }),
      items: await countTenantItems(original.tableName, owner.tenantId),
    };
    expect(before.trialBalance.status).toBe(200);
    expect(before.selfCheck.problem).toBeNull();
    expect(before.selfCheck.ok).toBe(true);
    expect(before.trialBalance.body.totals.debit).toBeGreaterThan(0);

    const exported = await exportLocal(dir, original.tableName, original.documentsBucket, owner.tenantId);
    expect(exported.items).toBe(before.items);
    expect(exported.objects).toBeGreaterThanOrEqual(1);
    expect(exportedKeys(dir)).toContain(key);

    const table = `sayyara-restored-${ulid().toLowerCase()}`;
    const bucket = `sayyara-restored-${ulid().toLowerCase()}`;
    const imported = await importLocal(dir, table, bucket);
    expect(imported).toEqual(exported);
    expect(await countTenantItems(table, owner.tenantId)).toBe(before.items);

    // The books read from the copy (in this process, pointed at the new table) answer the same.
    const { trialBalanceReport } = await import('../../functions/accounting/reports');
    const { selfCheck } = await import('../../functions/accounting/self-check');
    const saved = process.env.TABLE_NAME;
    process.env.TABLE_NAME = table;
    resetConfigCache();
    try {
      expect(config().tableName).toBe(table);
      const tb = JSON.parse(JSON.stringify(await trialBalanceReport(owner.tenantId)));
      expect(tb.totals).toEqual(before.trialBalance.body.totals);
      expect(tb.rows ?? tb.accounts ?? tb).toEqual(
        before.trialBalance.body.rows ?? before.trialBalance.body.accounts ?? before.trialBalance.body,
      );
      const checks = JSON.parse(JSON.stringify(await selfCheck(owner.tenantId)));
      expect(before.selfCheck.checks.length).toBe(7);
      expect(checks.checks).toEqual(before.selfCheck.checks);
    } finally {
      process.env.TABLE_NAME = saved;
      resetConfigCache();
    }
    // The export and the counts Scan the whole shared test table (every other file's companies too):
    // minutes late in a full run, not the default minute.
  }, 600_000);
});
