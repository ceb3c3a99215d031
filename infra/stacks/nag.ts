import {
  Validations,
  type IPolicyValidationContext,
  type IPolicyValidationPlugin,
  type PolicyValidationPluginReport,
} from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import type { SayyaraStacks } from './sayyara-app';

/**
 * Findings accepted by shape rather than by exact id. cdk-nag 3 matches acknowledgements by exact
 * finding id, and some ids embed names CDK generates only during synthesis (cross-stack export
 * names, logical ids), which do not exist yet when the stacks are built. Each entry is narrow:
 * one rule id shape on one kind of construct path, with the reason it is acceptable.
 */
export const PATTERN_ACKNOWLEDGEMENTS: { rule: RegExp; path: RegExp; reason: string }[] = [
  {
    rule: /^AwsSolutions-IAM5\[Resource::[^\]]*Documents[^\]]*\/tenants\/\*\]$/,
    path: /^[^/]+-(Api|Jobs)\/[A-Za-z]+FunctionRole\/DefaultPolicy\/Resource$/,
    reason:
      'Tenant files live under tenants/{tenantId}/ (DESIGN.md §5). One function serves every tenant, so its object ' +
      "rights stop at the tenants/ prefix and the handler builds each key from the caller's tenant (verified token).",
  },
  {
    rule: /^AwsSolutions-IAM5\[Resource::[^\]]*Documents[^\]]*\/tenants\/<aws:PrincipalTag\/tenantId>\/\*\]$/,
    path: /^[^/]+-Api\/TenantScoped\/Role\/DefaultPolicy\/Resource$/,
    reason:
      "The tenant-scoped role (issue 31): one company's files, tenants/{the session's tenantId tag}/*. The wildcard is " +
      'the files inside that one prefix; the prefix itself is fixed by the session tag the trust policy requires.',
  },
  {
    rule: /^AwsSolutions-IAM5\[Resource::<[A-Za-z0-9]+Function[A-F0-9]{8}\.Arn>:\*\]$/,
    path: /^[^/]+-Jobs\/SchedulerRoleForTarget-[a-f0-9]+\/DefaultPolicy\/Resource$/,
    reason:
      "The scheduler role created by the L2 LambdaInvoke target may invoke its one job function and that function's " +
      'versions/aliases (ARN:*); nothing else.',
  },
  {
    rule: /^AwsSolutions-(L1|IAM4\[Policy::.*AWSLambdaBasicExecutionRole\]|IAM5\[.*\])$/,
    path: /^[^/]+-Web\/Custom::CDKBucketDeployment[A-Za-z0-9]*\/(Resource|ServiceRole\/Resource|ServiceRole\/DefaultPolicy\/Resource)$/,
    reason:
      'The CDK BucketDeployment provider (a CDK-owned Lambda with its own runtime) copies web/dist from the CDK ' +
      'assets bucket into the site bucket and invalidates CloudFront; its runtime and policies are set by aws-cdk-lib ' +
      'and scoped to those two buckets and the distribution.',
  },
  {
    rule: /^AwsSolutions-(L1|IAM4\[Policy::.*AWSLambdaBasicExecutionRole\])$/,
    path: /^[^/]+-Web\/AWS679f53fac002430cb0da5b7982bd2287\/(Resource|ServiceRole\/Resource)$/,
    reason:
      "The CDK AwsCustomResource provider (a CDK-owned Lambda) reads the CloudFront web ACL's ARN from its SSM " +
      'parameter in us-east-1 (infra/stacks/waf.ts); its only other right is ssm:GetParameter on that parameter.',
  },
];

export const acceptedByPattern = (ruleName: string, constructPath: string): boolean =>
  PATTERN_ACKNOWLEDGEMENTS.some((a) => a.rule.test(ruleName) && a.path.test(constructPath));

function filterReport(report: PolicyValidationPluginReport): PolicyValidationPluginReport {
  const violations = report.violations
    .map((v) => ({
      ...v,
      violatingResources: v.violatingResources.filter((r) => !acceptedByPattern(v.ruleName, r.constructPath ?? '')),
    }))
    .filter((v) => v.violatingResources.length > 0);
  return { ...report, violations, success: violations.length === 0 };
}

/** AwsSolutionsChecks plus the pattern acknowledgements above; registered with Validations. */
export class SayyaraNagChecks implements IPolicyValidationPlugin {
  readonly name = 'AwsSolutions';
  private readonly pack: AwsSolutionsChecks;

  constructor(scope?: IConstruct) {
    this.pack = new AwsSolutionsChecks(scope, { verbose: true });
  }

  validate(context: IPolicyValidationContext): PolicyValidationPluginReport {
    return filterReport(this.pack.validate(context));
  }

  /** For tests: the same report over a synthesized construct tree. */
  validateScope(scope: IConstruct): PolicyValidationPluginReport {
    return filterReport(this.pack.validateScope(scope));
  }
}

/**
 * Every cdk-nag finding with a stable id that we accept, with the reason it is acceptable here.
 * Findings that depend on the route table (public routes) are acknowledged where the routes are
 * built (api-stack.ts).
 */
export function applyNagSuppressions(stacks: SayyaraStacks): void {
  const ack = (scope: IConstruct, id: string, reason: string) => Validations.of(scope).acknowledge({ id, reason });

  const pool = stacks.auth.userPool;
  ack(
    pool,
    'AwsSolutions-COG1',
    'The product specification fixes the password rule at "at least 6 characters" with no composition rules ' +
      '(product-screens-and-session.md §5, §9); sign-in attempts are throttled at the API stage instead.',
  );
  ack(
    pool,
    'AwsSolutions-COG2',
    'The specification defines username + password sign-in only; MFA is a roadmap item and would change the login contract.',
  );
  ack(
    pool,
    'AwsSolutions-COG8',
    'Essentials tier: threat protection (Plus) is billed per active user; login answers never reveal whether a user ' +
      'exists (PreventUserExistenceErrors) and the API stage is throttled. Revisit when the tenant count justifies the cost.',
  );

  for (const fn of [...stacks.api.functions.values(), ...stacks.jobs.functions.values()]) {
    ack(
      fn,
      'AwsSolutions-L1',
      'DESIGN.md and TOOLCHAIN.md pin the Lambda runtime to Node.js 22 (the version the handlers and their ' +
        'dependencies are built and tested for); moving to Node 24 is a deliberate, tested upgrade.',
    );
  }

  ack(
    stacks.data.einvoicingSecretsKey,
    'AwsSolutions-SMG4',
    'The e-invoicing secrets key seals stored envelopes (device keys, CSIDs, provider credentials): an automatic ' +
      'rotation would make every envelope unreadable. Rotation is a re-seal migration run on purpose, not a schedule.',
  );

  const distribution = stacks.web.distribution;
  ack(
    distribution,
    'AwsSolutions-CFR4',
    'No custom domain is configured yet, so the distribution uses the default *.cloudfront.net certificate, for which ' +
      'CloudFront fixes the viewer security policy; attach an ACM certificate with TLSv1.2_2021 when a domain is added.',
  );
  ack(
    distribution,
    'AwsSolutions-CFR1',
    'Rental companies in several countries (the spec ships regional rules) use the app; blocking by geography would lock out tenants.',
  );
}
