import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildViewerRequestCode } from '../../infra/edge/viewer-request-code';
import { REPO_ROOT, logicalId, synthesize, type Synthesized } from './helpers';

/** The Web stack: the site bucket, CloudFront, the edge function, the API origin and the security headers. */
let s: Synthesized;
beforeAll(() => {
  s = synthesize('web-stack', { bundle: false });
});

describe('web stack', () => {
  it('private site bucket behind CloudFront with OAC and index.html as root object', () => {
    const t = s.template(s.stacks.web);
    t.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    t.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: Match.objectLike({ OriginAccessControlOriginType: 's3', SigningBehavior: 'always' }),
    });
    t.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultRootObject: 'index.html',
        DefaultCacheBehavior: Match.objectLike({
          ViewerProtocolPolicy: 'redirect-to-https',
          FunctionAssociations: [Match.objectLike({ EventType: 'viewer-request' })],
          ResponseHeadersPolicyId: Match.anyValue(),
        }),
      }),
    });
    t.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: Match.objectLike({ BlockPublicPolicy: true, RestrictPublicBuckets: true }),
      LoggingConfiguration: Match.anyValue(),
    });
  });

  it('the viewer-request function is the generated code on cloudfront-js-2.0', () => {
    s.template(s.stacks.web).hasResourceProperties('AWS::CloudFront::Function', {
      FunctionConfig: Match.objectLike({ Runtime: 'cloudfront-js-2.0' }),
      FunctionCode: buildViewerRequestCode(),
    });
  });

  it('/api/* goes to the HTTP API uncached with every viewer header but Host', () => {
    const t = s.template(s.stacks.web);
    const [dist] = Object.values(t.findResources('AWS::CloudFront::Distribution'));
    const config = dist.Properties.DistributionConfig;
    const api = config.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === '/api/*');
    expect(api).toMatchObject({
      // Managed-CachingDisabled and Managed-AllViewerExceptHostHeader
      CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad',
      OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac',
      ViewerProtocolPolicy: 'https-only',
    });
    expect(api.AllowedMethods).toEqual(expect.arrayContaining(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']));
    const origin = config.Origins.find((o: { Id: string }) => o.Id === api.TargetOriginId);
    expect(origin.CustomOriginConfig).toMatchObject({ OriginProtocolPolicy: 'https-only' });
    expect(JSON.stringify(origin.DomainName)).toContain('HttpApi');
  });

  it("/api/* adds the origin header with the Web stack's id, the value every API Lambda requires (ORIGIN_SECRET)", () => {
    const web = s.template(s.stacks.web);
    const [dist] = Object.values(web.findResources('AWS::CloudFront::Distribution'));
    const config = dist.Properties.DistributionConfig;
    const api = config.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === '/api/*');
    const origin = config.Origins.find((o: { Id: string }) => o.Id === api.TargetOriginId);
    const uuidOf = (stackId: unknown) => ({ 'Fn::Select': [2, { 'Fn::Split': ['/', stackId] }] });
    expect(origin.OriginCustomHeaders).toEqual([
      { HeaderName: 'x-sayyara-origin', HeaderValue: uuidOf({ Ref: 'AWS::StackId' }) },
    ]);
    // The Api stack takes the Web stack's id (not its own, which AWS::StackId would be there) through an export.
    type Output = { Value: unknown; Export?: { Name: string } };
    const outputs = Object.values(web.toJSON().Outputs as Record<string, Output>);
    const exported = outputs.find((o) => JSON.stringify(o.Value) === JSON.stringify({ Ref: 'AWS::StackId' }));
    expect(exported?.Export?.Name).toMatch(/^Sayyara-Web:/);
    const apiTemplate = s.template(s.stacks.api);
    for (const [domain, fn] of s.stacks.api.functions) {
      const props = apiTemplate.findResources('AWS::Lambda::Function')[logicalId(s.stacks.api, fn)].Properties;
      expect(props.Environment.Variables.ORIGIN_SECRET, domain).toEqual(
        uuidOf({ 'Fn::ImportValue': exported?.Export?.Name }),
      );
    }
    // Jobs are not behind the API: they neither get nor need it.
    for (const f of Object.values(s.template(s.stacks.jobs).findResources('AWS::Lambda::Function')))
      expect(f.Properties.Environment?.Variables?.ORIGIN_SECRET).toBeUndefined();
  });

  it('security headers: HSTS, nosniff, frame DENY, referrer policy, CSP with self (the API is under it)', () => {
    const t = s.template(s.stacks.web);
    t.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: Match.objectLike({
        SecurityHeadersConfig: Match.objectLike({
          StrictTransportSecurity: Match.objectLike({ AccessControlMaxAgeSec: Match.anyValue(), Override: true }),
          ContentTypeOptions: { Override: true },
          FrameOptions: { FrameOption: 'DENY', Override: true },
          ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true },
          ContentSecurityPolicy: Match.objectLike({ Override: true }),
        }),
      }),
    });
    const [policy] = Object.values(t.findResources('AWS::CloudFront::ResponseHeadersPolicy'));
    const csp = JSON.stringify(
      policy.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy,
    );
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    // The app calls /api/* on its own origin; the execute-api address is not one it may reach.
    expect(csp).toMatch(/connect-src 'self' https:\/\/maps\.geo\./);
    expect(csp).not.toContain('HttpApi');
    expect(csp).not.toContain("'unsafe-eval'");
  });

  it('deploys web/dist only when it has been built', () => {
    const built = existsSync(join(REPO_ROOT, 'web', 'dist', 'index.html'));
    expect(s.stacks.web.deployed).toBe(built);
    s.template(s.stacks.web).resourceCountIs('Custom::CDKBucketDeployment', built ? 2 : 0);
  });
});
