import { mkdirSync, readFileSync, writeFileSync, readdirSync, existsSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import {
  BatchWriteItemCommand,
  CreateTableCommand,
  DynamoDBClient,
  ScanCommand,
  waitUntilTableExists,
  type AttributeValue,
} from '@aws-sdk/client-dynamodb';
import {
  CreateBucketCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { config } from '../../functions/lib/config';
import { TABLE } from '../table-definition';

/**
 * The LOCAL equivalent of the restore drill (README "Restore drill"): export the local stack's data
 * (every table item, lossless DynamoDB JSON, and every S3 object) to a folder, and import that folder
 * into a FRESH table (and bucket). A maintenance script, so a Scan is fine (DESIGN.md §4).
 *
 *   node --import tsx infra/ops/local-backup.ts export <dir> [<tenantId>]
 *   node --import tsx infra/ops/local-backup.ts import <dir> <newTableName> [<newBucketName>]
 *
 * then `TABLE_NAME=<newTableName> npm start` serves the imported copy. The endpoints come from the
 * same environment the Lambdas read (functions/lib/config.ts). test: test/integration/local-restore.test.ts.
 */
const ddbClient = () => {
  const c = config();
  return new DynamoDBClient({
    region: c.region,
    endpoint: c.endpoints.dynamodb,
    credentials: c.endpoints.dynamodb ? { accessKeyId: 'local', secretAccessKey: 'local' } : undefined,
  });
};
const s3Client = () => {
  const c = config();
  return new S3Client({
    region: c.region,
    endpoint: c.endpoints.s3,
    forcePathStyle: true,
    credentials: c.endpoints.s3 ? { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } : undefined,
  });
};

export interface ExportSummary {
  items: number;
  objects: number;
}

/**
 * Every item of `tableName` (parallel scan segments) and every object of `bucket` into `dir`; with
 * `tenantId`, only that company's items (`T#{tenantId}#…`) and objects (`tenants/{tenantId}/…`).
 */
export async function exportLocal(
  dir: string,
  tableName: string,
  bucket: string,
  tenantId?: string,
): Promise<ExportSummary> {
  mkdirSync(join(dir, 's3'), { recursive: true });
  const ddb = ddbClient();
  const segments = 4;
  const parts = await Promise.all(
    Array.from({ length: segments }, async (_, segment) => {
      const items: Record<string, AttributeValue>[] = [];
      let start: Record<string, AttributeValue> | undefined;
      do {
        const page = await ddb.send(
          new ScanCommand({
            TableName: tableName,
            Segment: segment,
            TotalSegments: segments,
            ExclusiveStartKey: start,
            ConsistentRead: true,
            ...(tenantId
              ? {
                  FilterExpression: 'begins_with(pk, :t)',
                  ExpressionAttributeValues: { ':t': { S: `T#${tenantId}#` } },
                }
              : {}),
          }),
        );
        items.push(...(page.Items ?? []));
        start = page.LastEvaluatedKey;
      } while (start);
      return items;
    }),
  );
  const items = parts.flat();
  writeFileSync(join(dir, 'table.jsonl'), items.map((i) => JSON.stringify(i)).join('\n'));
  ddb.destroy();

  const s3 = s3Client();
  const manifest: { key: string; contentType?: string }[] = [];
  let token: string | undefined;
  do {
    const page = await s3.send(
      new ListObjectsV2Command({
        Bucket: bucket,
        ContinuationToken: token,
        Prefix: tenantId ? `tenants/${tenantId}/` : undefined,
      }),
    );
    for (const o of page.Contents ?? []) {
      const got = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: o.Key! }));
      const file = join(dir, 's3', o.Key!);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, await got.Body!.transformToByteArray());
      manifest.push({ key: o.Key!, contentType: got.ContentType });
    }
    token = page.NextContinuationToken;
  } while (token);
  writeFileSync(join(dir, 's3.json'), JSON.stringify(manifest, null, 2));
  s3.destroy();
  return { items: items.length, objects: manifest.length };
}

/** Creates `tableName` with the table's shape (infra/table-definition.ts) and loads the export into it. */
export async function importLocal(dir: string, tableName: string, bucket?: string): Promise<ExportSummary> {
  const ddb = ddbClient();
  const attrs = [
    TABLE.partitionKey,
    TABLE.sortKey,
    ...TABLE.globalIndexes.flatMap((g) => [g.partitionKey, g.sortKey]),
  ].map((AttributeName) => ({ AttributeName, AttributeType: 'S' as const }));
  await ddb.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: attrs,
      KeySchema: [
        { AttributeName: TABLE.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: TABLE.globalIndexes.map((g) => ({
        IndexName: g.name,
        KeySchema: [
          { AttributeName: g.partitionKey, KeyType: 'HASH' },
          { AttributeName: g.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    }),
  );
  await waitUntilTableExists({ client: ddb, maxWaitTime: 60 }, { TableName: tableName });
  const text = readFileSync(join(dir, 'table.jsonl'), 'utf8');
  const items = text ? text.split('\n').map((l) => JSON.parse(l) as Record<string, AttributeValue>) : [];
  for (let i = 0; i < items.length; i += 25) {
    let request: Record<string, { PutRequest: { Item: Record<string, AttributeValue> } }[]> | undefined = {
      [tableName]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })),
    };
    for (let attempt = 0; request && Object.keys(request).length; attempt++) {
      if (attempt) await new Promise((r) => setTimeout(r, Math.min(1000, 50 * 2 ** attempt)));
      const res = await ddb.send(new BatchWriteItemCommand({ RequestItems: request }));
      request = res.UnprocessedItems as typeof request;
    }
  }
  ddb.destroy();

  let objects = 0;
  if (bucket && existsSync(join(dir, 's3.json'))) {
    const s3 = s3Client();
    await s3.send(new CreateBucketCommand({ Bucket: bucket })).catch((err: { name?: string }) => {
      if (err.name !== 'BucketAlreadyOwnedByYou' && err.name !== 'BucketAlreadyExists') throw err;
    });
    const manifest = JSON.parse(readFileSync(join(dir, 's3.json'), 'utf8')) as { key: string; contentType?: string }[];
    for (const o of manifest) {
      await s3.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: o.key,
          Body: readFileSync(join(dir, 's3', o.key)),
          ContentType: o.contentType,
        }),
      );
      objects += 1;
    }
    s3.destroy();
  }
  return { items: items.length, objects };
}

/** Files under `dir/s3` (what an export holds), relative keys. */
export function exportedKeys(dir: string): string[] {
  const root = join(dir, 's3');
  const walk = (d: string): string[] =>
    readdirSync(d, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(join(d, e.name)) : [relative(root, join(d, e.name))],
    );
  return existsSync(root) ? walk(root) : [];
}

if (process.argv[1]?.endsWith('local-backup.ts')) {
  const [command, dir, table, bucket] = process.argv.slice(2);
  // export <dir> [<tenantId>]: one company only.
  const c = config();
  const run =
    command === 'export'
      ? exportLocal(dir, c.tableName, c.documentsBucket, table)
      : command === 'import' && table
        ? importLocal(dir, table, bucket)
        : Promise.reject(new Error('usage: local-backup.ts export <dir> | import <dir> <newTable> [<newBucket>]'));
  run.then(
    (s) => console.log(`${command}: ${s.items} items, ${s.objects} objects (${dir})`),
    (err) => {
      console.error(err);
      process.exitCode = 1;
    },
  );
}
