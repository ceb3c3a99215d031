import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../lib/config';
import { dynamo } from '../lib/clients/dynamo';
import type { JobContext } from '../lib/jobs/define-job';

/**
 * Every company's id, as the one-off migrations find them: a filtered Scan of the settings items
 * (DESIGN.md §4 allows a Scan in one-off maintenance only; scheduled jobs read sparse indexes).
 */
export async function allCompanies(): Promise<string[]> {
  const out: string[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new ScanCommand({
        TableName: config().tableName,
        FilterExpression: 'entityType = :s',
        ExpressionAttributeValues: { ':s': 'SETTINGS' },
        ProjectionExpression: 'pk',
        ExclusiveStartKey: start,
      }),
    );
    for (const it of page.Items ?? []) {
      const tenantId = /^T#([0-9A-HJKMNP-TV-Z]{26})#/.exec(String(it.pk))?.[1];
      if (tenantId) out.push(tenantId);
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return out;
}

/** The companies a one-off migration works for: those `onlyTenants` names (an operator, a test), else all. */
export async function migrationCompanies(ctx: JobContext): Promise<string[]> {
  return ctx.onlyTenants ? [...ctx.onlyTenants] : allCompanies();
}
