import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUCKET_RETENTION } from '../../infra/table-definition';
import { synthesize, type Synthesized } from './helpers';

/**
 * Issue 30 "data that survives the cloud's worst day": point-in-time recovery on the table,
 * versioning and lifecycle on EVERY bucket of every stack, exports expiring after a week, and the
 * restore drill's switch (context `tableName`) that points every Lambda at a restored table.
 */
let s: Synthesized;
let restored: Synthesized;
const RESTORED = 'sayyara-restored-2026-11-28';
beforeAll(() => {
  s = synthesize('durability', { bundle: false });
  restored = synthesize('durability-restored', { bundle: false, context: { tableName: RESTORED } });
});

type Rule = {
  Status: string;
  Prefix?: string;
  TagFilters?: { Key: string; Value: string }[];
  ExpirationInDays?: number;
  NoncurrentVersionExpiration?: { NoncurrentDays: number };
  AbortIncompleteMultipartUpload?: { DaysAfterInitiation: number };
};
type BucketProps = { VersioningConfiguration?: { Status: string }; LifecycleConfiguration?: { Rules: Rule[] } };

function allBuckets(x: Synthesized): [string, BucketProps][] {
  return Object.values(x.stacks).flatMap((stack) =>
    Object.entries(x.template(stack).findResources('AWS::S3::Bucket')).map(
      ([id, r]) => [`${stack.stackName}/${id}`, (r as { Properties: BucketProps }).Properties] as [string, BucketProps],
    ),
  );
}

describe('table', () => {
  it('has point-in-time recovery, deletion protection and is retained', () => {
    s.template(s.stacks.data).hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        DeletionProtectionEnabled: true,
      }),
    });
  });

  it('the restore drill: context tableName points every Lambda at the restored table; the own table stays', () => {
    const data = restored.template(restored.stacks.data);
    // The stack's own table is still defined (retained, PITR on): pointing back is one deploy.
    data.resourceCountIs('AWS::DynamoDB::Table', 1);
    const fns = [restored.stacks.api, restored.stacks.jobs].flatMap((stack) =>
      Object.values(restored.template(stack).findResources('AWS::Lambda::Function')).map(
        (r) => (r as { Properties: { Environment?: { Variables?: Record<string, unknown> } } }).Properties,
      ),
    );
    const withTable = fns.filter((p) => p.Environment?.Variables?.TABLE_NAME !== undefined);
    expect(withTable.length).toBeGreaterThan(5);
    for (const p of withTable) expect(p.Environment?.Variables?.TABLE_NAME).toBe(RESTORED);
    // Grants name the restored table (and its indexes), not the stack's own.
    const policies = JSON.stringify(restored.template(restored.stacks.api).findResources('AWS::IAM::Policy'));
    expect(policies).toContain(`:table/${RESTORED}`);
    expect(policies).toContain(`:table/${RESTORED}/index/gsi1`);
    // Without the context the Lambdas use the stack's own table (an import, not a literal name).
    const plain = Object.values(s.template(s.stacks.api).findResources('AWS::Lambda::Function')).map((r) =>
      JSON.stringify((r as { Properties: { Environment?: unknown } }).Properties.Environment ?? {}),
    );
    expect(plain.some((e) => e.includes('TABLE_NAME'))).toBe(true);
    expect(plain.some((e) => e.includes(RESTORED))).toBe(false);
  });
});

describe('buckets', () => {
  it('every bucket in every stack is versioned, expires noncurrent versions and aborts incomplete uploads', () => {
    const buckets = allBuckets(s);
    // documents, their access logs, the web app, CloudFront's logs.
    expect(buckets.length).toBeGreaterThanOrEqual(4);
    for (const [id, p] of buckets) {
      expect(p.VersioningConfiguration?.Status, id).toBe('Enabled');
      const rules = p.LifecycleConfiguration?.Rules ?? [];
      const noncurrent = rules.find((r) => r.NoncurrentVersionExpiration && !r.Prefix && !r.TagFilters);
      expect(noncurrent?.NoncurrentVersionExpiration?.NoncurrentDays, id).toBeGreaterThan(0);
      expect(noncurrent?.NoncurrentVersionExpiration?.NoncurrentDays, id).toBeLessThanOrEqual(
        BUCKET_RETENTION.noncurrentVersionDays,
      );
      const abort = rules.find((r) => r.AbortIncompleteMultipartUpload);
      expect(abort?.AbortIncompleteMultipartUpload?.DaysAfterInitiation, id).toBe(
        BUCKET_RETENTION.incompleteUploadDays,
      );
      for (const r of rules) expect(r.Status).toBe('Enabled');
    }
  });

  it('documents: noncurrent versions kept 90 days; exports (tagged, or under exports/) expire after 7 days', () => {
    const t = s.template(s.stacks.storage);
    const docs = Object.values(
      t.findResources('AWS::S3::Bucket', { Properties: { CorsConfiguration: Match.anyValue() } }),
    );
    expect(docs).toHaveLength(1);
    const rules = (docs[0] as { Properties: BucketProps }).Properties.LifecycleConfiguration?.Rules ?? [];
    expect(rules.find((r) => r.NoncurrentVersionExpiration)?.NoncurrentVersionExpiration?.NoncurrentDays).toBe(90);
    const byTag = rules.find((r) => r.TagFilters?.length);
    expect(byTag?.TagFilters).toEqual([{ Key: 'sayyara-retention', Value: 'export' }]);
    expect(byTag?.ExpirationInDays).toBe(7);
    expect(rules.find((r) => r.Prefix === 'exports/')?.ExpirationInDays).toBe(7);
    // No rule expires current tenant documents.
    expect(rules.filter((r) => r.ExpirationInDays && !r.Prefix && !r.TagFilters)).toEqual([]);
  });
});
