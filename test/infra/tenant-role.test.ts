import { beforeAll, describe, expect, it } from 'vitest';
import type { Role } from 'aws-cdk-lib/aws-iam';
import { TENANT_TAG as CODE_TAG } from '../../functions/lib/clients/tenant-credentials';
import { GSI_NAMES } from '../../infra/stacks/data-stack';
import { TENANT_LEADING_KEYS, TENANT_TAG } from '../../infra/stacks/tenant-role';
import {
  logicalId,
  statementsOfRole,
  synthesize,
  unacknowledgedNagErrors,
  type Statement,
  type Synthesized,
} from './helpers';

/**
 * The second wall (issue 31) as deployed: the tenant-scoped role's trust and permission policies, and that every
 * Lambda (API and jobs) knows the role and may assume it. Locally no IAM runs; this is the policy's test.
 */
// biome-ignore lint/suspicious/noTemplateCurlyInString: an IAM policy variable, not a template placeholder
const TAG = '${aws:PrincipalTag/tenantId}';
let s: Synthesized;
beforeAll(() => {
  s = synthesize('tenant-role', { bundle: false });
});

const roleResource = () => {
  const roles = s.template(s.stacks.api).findResources('AWS::IAM::Role');
  const id = logicalId(s.stacks.api, s.stacks.api.tenantRole.role as Role);
  return { id, props: roles[id].Properties };
};
const statements = () => statementsOfRole(s.template(s.stacks.api), roleResource().id);
const bySid = (sid: string) => statements().find((st) => (st as Statement & { Sid?: string }).Sid === sid);
const str = (v: unknown) => JSON.stringify(v);

describe('the tenant-scoped role', () => {
  it('is assumed only with exactly one session tag, tenantId, of a ULID’s length, for an hour at most', () => {
    const { props } = roleResource();
    expect(TENANT_TAG).toBe(CODE_TAG);
    expect(props.MaxSessionDuration).toBe(3600);
    const trust = props.AssumeRolePolicyDocument.Statement as (Statement & { Principal: unknown })[];
    expect(trust).toHaveLength(1);
    expect([...(trust[0].Action as string[])].sort()).toEqual(['sts:AssumeRole', 'sts:TagSession']);
    expect(str(trust[0].Principal)).toContain(':root');
    expect(trust[0].Condition).toEqual({
      StringLike: { 'aws:RequestTag/tenantId': '?'.repeat(26) },
      'ForAllValues:StringEquals': { 'aws:TagKeys': ['tenantId'] },
    });
  });

  it("allows DynamoDB item actions only on the company's partition keys (LeadingKeys, ForAllValues)", () => {
    const ddb = bySid('CompanyItemsOnly')!;
    expect(ddb.Effect).toBe('Allow');
    expect(ddb.Condition).toEqual({
      'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [`T#${TAG}#*`] },
    });
    expect(TENANT_LEADING_KEYS).toBe(`T#${TAG}#*`);
    const actions = [...(ddb.Action as string[])].sort();
    expect(actions).toEqual(
      [
        'dynamodb:BatchGetItem',
        'dynamodb:BatchWriteItem',
        'dynamodb:ConditionCheckItem',
        'dynamodb:DeleteItem',
        'dynamodb:GetItem',
        'dynamodb:PutItem',
        'dynamodb:Query',
        'dynamodb:UpdateItem',
      ].sort(),
    );
    // No Scan and nothing keyless: ForAllValues over a request without keys would be true.
    expect(actions.some((a) => /Scan|Describe|\*/.test(a))).toBe(false);
    const resources = ddb.Resource as unknown[];
    expect(resources).toHaveLength(1 + GSI_NAMES.length);
    for (const name of GSI_NAMES) expect(str(resources)).toContain(`/index/${name}`);
    expect(str(resources)).not.toContain('index/*');
  });

  it("allows S3 objects and listing only under tenants/{the session's tenant}/", () => {
    const objects = bySid('CompanyFilesOnly')!;
    expect(str(objects.Resource)).toContain(`/tenants/${TAG}/*`);
    expect([...(objects.Action as string[])].sort()).toEqual(
      ['s3:AbortMultipartUpload', 's3:DeleteObject', 's3:GetObject', 's3:PutObject', 's3:PutObjectTagging'].sort(),
    );
    const listing = bySid('CompanyListingOnly')!;
    expect(listing.Action).toBe('s3:ListBucket');
    expect(listing.Condition).toEqual({ StringLike: { 's3:prefix': [`tenants/${TAG}/*`] } });
  });

  it('has no other statement (nothing outside the company: no G# items, no other bucket, no wildcard action)', () => {
    expect(
      statements()
        .map((st) => (st as { Sid?: string }).Sid)
        .sort(),
    ).toEqual(['CompanyFilesOnly', 'CompanyItemsOnly', 'CompanyListingOnly'].sort());
    expect(Object.keys(roleResource().props)).not.toContain('ManagedPolicyArns');
  });
});

describe('every Lambda runs its companies’ data calls with the role', () => {
  const roleArnRef = () => ({ 'Fn::GetAtt': [roleResource().id, 'Arn'] });

  it('each API Lambda has TENANT_ROLE_ARN and may assume and tag the role', () => {
    const t = s.template(s.stacks.api);
    const fns = t.findResources('AWS::Lambda::Function');
    expect(s.stacks.api.functions.size).toBeGreaterThan(10);
    for (const [domain, fn] of s.stacks.api.functions) {
      const props = fns[logicalId(s.stacks.api, fn)].Properties;
      expect(props.Environment.Variables.TENANT_ROLE_ARN, domain).toEqual(roleArnRef());
      const roleId = logicalId(s.stacks.api, fn.role as Role);
      const assume = statementsOfRole(t, roleId).find((st) => str(st.Action).includes('sts:AssumeRole'));
      expect(assume, domain).toBeDefined();
      expect([...(assume!.Action as string[])].sort()).toEqual(['sts:AssumeRole', 'sts:TagSession']);
      expect(assume!.Resource).toEqual(roleArnRef());
    }
  });

  it('each job Lambda (fan-out units assume it per company) has the role too, across the stacks', () => {
    const t = s.template(s.stacks.jobs);
    const fns = t.findResources('AWS::Lambda::Function');
    expect(s.stacks.jobs.functions.size).toBeGreaterThan(5);
    for (const [job, fn] of s.stacks.jobs.functions) {
      const props = fns[logicalId(s.stacks.jobs, fn)].Properties;
      expect(str(props.Environment.Variables.TENANT_ROLE_ARN), job).toContain('Fn::ImportValue');
      const roleId = logicalId(s.stacks.jobs, fn.role as Role);
      const assume = statementsOfRole(t, roleId).find((st) => str(st.Action).includes('sts:AssumeRole'));
      expect(str(assume?.Action), job).toContain('sts:TagSession');
    }
  });

  it('adds no unacknowledged cdk-nag error', () => {
    expect(unacknowledgedNagErrors(s.app)).toEqual([]);
  });
});
