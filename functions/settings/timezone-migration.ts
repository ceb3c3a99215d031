import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_TIMEZONE } from '../../shared/constants';
import { getRegionConfig, isRegionCode, TIMEZONE_REGIONS, type RegionCode } from '../../shared/regions';
import { dynamo } from '../lib/clients/dynamo';
import { config } from '../lib/config';
import { updateRaw } from '../lib/data/repo';

/**
 * Migration (issue 17): companies whose time zone contradicts their region get the region's.
 * Until the settings form stopped pinning the old zone, a company that moved its region from the
 * sign-up default (US) to the UAE kept America/New_York, and a 09:00 Dubai booking printed 04:00.
 *
 * A zone CONTRADICTS a region when the zone clearly belongs to another of our regions: one of
 * TIMEZONE_REGIONS (Asia/Dubai, Asia/Riyadh, Asia/Amman) or an America/* zone (US). Any other zone
 * (Asia/Muscat, Europe/London…) was a deliberate choice and is left alone.
 *
 * Idempotent: a fixed company no longer contradicts; the update is conditional on the zone still
 * being the one read, so a concurrent edit wins. Reads settings items with a filtered Scan (this
 * job only; the table has no cross-tenant settings index and the job runs rarely).
 */
export function zoneRegion(timeZone: string): RegionCode | undefined {
  if (Object.hasOwn(TIMEZONE_REGIONS, timeZone)) return TIMEZONE_REGIONS[timeZone];
  if (timeZone === DEFAULT_TIMEZONE || timeZone.startsWith('America/')) return 'US';
  return undefined;
}

/** The zone a company should have, or undefined when its zone is fine. */
export function correctedTimeZone(settings: {
  timezone?: unknown;
  preferences?: { region?: unknown } | null;
}): string | undefined {
  const region = settings.preferences?.region;
  if (!isRegionCode(region) || typeof settings.timezone !== 'string') return undefined;
  const belongsTo = zoneRegion(settings.timezone);
  if (!belongsTo || belongsTo === region) return undefined;
  return getRegionConfig(region).timezone;
}

export async function fixCompanyTimeZones(now = new Date()): Promise<{ scanned: number; fixed: number }> {
  let scanned = 0;
  let fixed = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new ScanCommand({
        TableName: config().tableName,
        // TIMEZONE is a DynamoDB reserved word: every expression names it through #tz.
        FilterExpression: 'entityType = :settings',
        ExpressionAttributeNames: { '#tz': 'timezone', '#prefs': 'preferences' },
        ExpressionAttributeValues: { ':settings': 'SETTINGS' },
        ProjectionExpression: 'pk, sk, #tz, #prefs',
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) {
      scanned += 1;
      const tz = correctedTimeZone(item as { timezone?: unknown; preferences?: { region?: unknown } });
      if (!tz) continue;
      try {
        await updateRaw({
          Key: { pk: item.pk as string, sk: item.sk as string },
          UpdateExpression: 'SET #tz = :tz, updatedAt = :at ADD version :one',
          ConditionExpression: '#tz = :old',
          ExpressionAttributeNames: { '#tz': 'timezone' },
          ExpressionAttributeValues: { ':tz': tz, ':old': item.timezone, ':at': now.toISOString(), ':one': 1 },
        });
        fixed += 1;
      } catch (err) {
        if ((err as { name?: string }).name !== 'ConditionalCheckFailedException') throw err;
      }
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return { scanned, fixed };
}
