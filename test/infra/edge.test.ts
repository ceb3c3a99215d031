/**
 * Limits at the door (issue 31): the WAF web ACLs, their association, and the CloudFront response-headers policy,
 * checked against the same tables the local gateway enforces (infra/edge/limits.ts, infra/edge/security-headers.ts).
 */
import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { EDGE_RATE_LIMITS, RATE_LIMITED_BODY } from '../../infra/edge/limits';
import { HSTS_MAX_AGE_SECONDS, PERMISSIONS_POLICY, securityHeaders } from '../../infra/edge/security-headers';
import { COGNITO_PUBLIC_OPERATIONS } from '../../infra/stacks/waf';
import { synthesize, unacknowledgedNagErrors, type Synthesized } from './helpers';

let s: Synthesized;
beforeAll(() => {
  s = synthesize('edge', { bundle: false });
}, 120_000);

interface Rule {
  Name: string;
  Priority: number;
  Action?: Record<string, unknown>;
  OverrideAction?: unknown;
  Statement: Record<string, any>;
}

const aclOf = (stack: Parameters<Synthesized['template']>[0], scope: 'CLOUDFRONT' | 'REGIONAL') => {
  const acls = Object.values(s.template(stack).findResources('AWS::WAFv2::WebACL'));
  const acl = acls.find((a) => a.Properties.Scope === scope);
  expect(acl, `${scope} web ACL`).toBeDefined();
  return acl!.Properties as { Rules: Rule[]; DefaultAction: unknown; CustomResponseBodies: Record<string, any> };
};

const MANAGED = [
  'AWSManagedRulesAmazonIpReputationList',
  'AWSManagedRulesKnownBadInputsRuleSet',
  'AWSManagedRulesCommonRuleSet',
];

describe('CloudFront web ACL (us-east-1)', () => {
  it('lives in a us-east-1 stack with CLOUDFRONT scope, allowing by default', () => {
    expect(s.stacks.edgeWaf.region).toBe('us-east-1');
    const acl = aclOf(s.stacks.edgeWaf, 'CLOUDFRONT');
    expect(acl.DefaultAction).toEqual({ Allow: {} });
    s.template(s.stacks.edgeWaf).resourceCountIs('AWS::WAFv2::WebACL', 1);
  });

  it('runs the three AWS managed groups; the 8 KB body rule only counts', () => {
    const rules = aclOf(s.stacks.edgeWaf, 'CLOUDFRONT').Rules;
    const managed = rules.filter((r) => r.Statement.ManagedRuleGroupStatement);
    expect(managed.map((r) => r.Statement.ManagedRuleGroupStatement.Name).sort()).toEqual([...MANAGED].sort());
    for (const r of managed) {
      expect(r.Statement.ManagedRuleGroupStatement.VendorName).toBe('AWS');
      expect(r.OverrideAction).toEqual({ None: {} });
    }
    const common = managed.find((r) => r.Name === 'AWSManagedRulesCommonRuleSet')!;
    expect(common.Statement.ManagedRuleGroupStatement.RuleActionOverrides).toEqual([
      { Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } },
    ]);
  });

  it('has one rate-based rule per limit of the shared table: per IP, per minute, 429 with Retry-After', () => {
    const acl = aclOf(s.stacks.edgeWaf, 'CLOUDFRONT');
    const rates = acl.Rules.filter((r) => r.Statement.RateBasedStatement);
    expect(rates.map((r) => r.Name)).toEqual(EDGE_RATE_LIMITS.map((l) => `rate-${l.name}`));
    for (const limit of EDGE_RATE_LIMITS) {
      const rule = rates.find((r) => r.Name === `rate-${limit.name}`)!;
      expect(rule.Statement.RateBasedStatement).toMatchObject({
        Limit: limit.limit,
        EvaluationWindowSec: 60,
        AggregateKeyType: 'IP',
      });
      const scope = JSON.stringify(rule.Statement.RateBasedStatement.ScopeDownStatement);
      for (const p of limit.paths) {
        expect(scope).toContain(`"SearchString":"${p.path}"`);
        expect(scope).toContain(p.match === 'exact' ? '"EXACTLY"' : '"STARTS_WITH"');
      }
      for (const m of limit.methods ?? []) expect(scope).toContain(`"SearchString":"${m}"`);
      expect(rule.Action).toEqual({
        Block: {
          CustomResponse: {
            ResponseCode: 429,
            CustomResponseBodyKey: 'rate-limited',
            ResponseHeaders: [{ Name: 'retry-after', Value: '60' }],
          },
        },
      });
    }
    // sign-in and sign-up: at most 30 a minute (issue 31)
    for (const name of ['rate-sign-in', 'rate-sign-up'])
      expect(rates.find((r) => r.Name === name)!.Statement.RateBasedStatement.Limit).toBeLessThanOrEqual(30);
    // the rate rules are evaluated before the managed groups
    const maxRate = Math.max(...rates.map((r) => r.Priority));
    const minManaged = Math.min(...acl.Rules.filter((r) => r.OverrideAction).map((r) => r.Priority));
    expect(maxRate).toBeLessThan(minManaged);
    expect(JSON.parse(acl.CustomResponseBodies['rate-limited'].Content)).toEqual(RATE_LIMITED_BODY);
    expect(acl.CustomResponseBodies['rate-limited'].ContentType).toBe('APPLICATION_JSON');
  });

  it('is attached to the distribution: its ARN is read from the us-east-1 parameter, after the Edge stack', () => {
    const edge = s.template(s.stacks.edgeWaf);
    const [param] = Object.values(edge.findResources('AWS::SSM::Parameter'));
    expect(JSON.stringify(param.Properties.Value)).toContain('CloudFrontAcl');
    const name: string = param.Properties.Name;
    expect(name).toMatch(/^\/Sayyara\/edge\//);

    const web = s.template(s.stacks.web);
    const [reader] = Object.values(web.findResources('Custom::AWS'));
    const create = JSON.stringify(reader.Properties.Create ?? reader.Properties.Update);
    expect(create).toContain('getParameter');
    expect(create).toContain('us-east-1');
    expect(create).toContain(name);
    const [dist] = Object.values(web.findResources('AWS::CloudFront::Distribution'));
    expect(JSON.stringify(dist.Properties.DistributionConfig.WebACLId)).toContain('CloudFrontAclArnReader');
    expect(s.stacks.web.dependencies).toContain(s.stacks.edgeWaf);
  });
});

describe('regional web ACL on the user pool', () => {
  it('is associated with the user pool', () => {
    const t = s.template(s.stacks.auth);
    t.resourceCountIs('AWS::WAFv2::WebACLAssociation', 1);
    t.hasResourceProperties('AWS::WAFv2::WebACLAssociation', {
      ResourceArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^UserPool'), 'Arn'] },
      WebACLArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^UserPoolAcl'), 'Arn'] },
    });
  });

  it("limits and inspects only Cognito's public operations, never the auth Lambda's IAM-signed Admin calls", () => {
    const acl = aclOf(s.stacks.auth, 'REGIONAL');
    const signIn = EDGE_RATE_LIMITS.find((l) => l.name === 'sign-in')!;
    const rate = acl.Rules.find((r) => r.Statement.RateBasedStatement)!;
    expect(rate.Statement.RateBasedStatement).toMatchObject({ Limit: signIn.limit, AggregateKeyType: 'IP' });
    const managed = acl.Rules.filter((r) => r.Statement.ManagedRuleGroupStatement);
    expect(managed.map((r) => r.Name).sort()).toEqual([...MANAGED].sort());
    for (const scope of [
      rate.Statement.RateBasedStatement.ScopeDownStatement,
      ...managed.map((r) => r.Statement.ManagedRuleGroupStatement.ScopeDownStatement),
    ]) {
      const text = JSON.stringify(scope);
      expect(text).toContain('x-amz-target');
      for (const op of COGNITO_PUBLIC_OPERATIONS) expect(text).toContain(`AWSCognitoIdentityProviderService.${op}"`);
      expect(text).not.toContain('.Admin');
    }
  });
});

describe('CloudFront response-headers policy', () => {
  it('sets the same headers the local gateway serves: strict CSP, HSTS, nosniff, referrer, frames, permissions', () => {
    const [policy] = Object.values(s.template(s.stacks.web).findResources('AWS::CloudFront::ResponseHeadersPolicy'));
    const config = policy.Properties.ResponseHeadersPolicyConfig;
    const local = securityHeaders({ documents: 'https://docs.example' });
    const sec = config.SecurityHeadersConfig;
    expect(sec.StrictTransportSecurity).toEqual({
      AccessControlMaxAgeSec: HSTS_MAX_AGE_SECONDS,
      IncludeSubdomains: true,
      Override: true,
    });
    expect(local['strict-transport-security']).toBe(`max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`);
    expect(sec.ContentTypeOptions).toEqual({ Override: true });
    expect(sec.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true });
    expect(sec.ReferrerPolicy).toEqual({ ReferrerPolicy: local['referrer-policy'], Override: true });
    expect(config.CustomHeadersConfig.Items).toEqual([
      { Header: 'Permissions-Policy', Value: PERMISSIONS_POLICY, Override: true },
    ]);
    const csp = JSON.stringify(sec.ContentSecurityPolicy.ContentSecurityPolicy);
    for (const directive of [
      "script-src 'self';",
      "object-src 'none'",
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "form-action 'self'",
    ])
      expect(csp).toContain(directive);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    // the local policy is the same text but for the origins
    expect(local['content-security-policy']).toContain("script-src 'self'; style-src");
  });

  it('leaves no unacknowledged cdk-nag error (CFR2: the distribution now has a web ACL)', () => {
    expect(unacknowledgedNagErrors(s.app)).toEqual([]);
  });
});
