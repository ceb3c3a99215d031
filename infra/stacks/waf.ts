import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { CfnWebACL, CfnWebACLAssociation } from 'aws-cdk-lib/aws-wafv2';
import { StringParameter } from 'aws-cdk-lib/aws-ssm';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import { AwsCustomResource, AwsCustomResourcePolicy, PhysicalResourceId } from 'aws-cdk-lib/custom-resources';
import type { Construct } from 'constructs';
import { EDGE_RATE_LIMITS, RATE_LIMITED_BODY, type EdgeRateLimit } from '../edge/limits';

/**
 * AWS WAF in front of the app (issue 31).
 *
 * - CLOUDFRONT scope (EdgeWafStack, always us-east-1, where CloudFront reads web ACLs from): the three AWS managed
 *   rule groups and one rate-based rule per entry of infra/edge/limits.ts (the local gateway enforces the same table).
 * - REGIONAL scope (regionalWebAcl, in the Auth stack's region): AWS WAF cannot be attached to an API Gateway *HTTP*
 *   API (it protects REST APIs, ALBs, AppSync, Cognito user pools, App Runner, Verified Access), so the regional ACL
 *   guards the one public back end the browser's sign-in depends on: the user pool. Its app client id is in
 *   every access token; the client no longer allows USER_PASSWORD_AUTH (auth-stack.ts), but Cognito's public
 *   operations (InitiateAuth with a refresh token, SignUp, ForgotPassword…) still answer anyone who calls them
 *   directly. The auth Lambda only uses the IAM-signed Admin* calls, so every rule there is scoped down to those
 *   public (unauthenticated) operations: our own calls are never counted or blocked.
 */
export const CLOUDFRONT_WAF_REGION = 'us-east-1';
const RATE_LIMITED_KEY = 'rate-limited';

const visibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  sampledRequestsEnabled: true,
  metricName,
});

/** The three AWS managed groups. SizeRestrictions_BODY (8 KB) only counts: each route has its own body limit. */
function managedGroups(firstPriority: number, scopeDown?: CfnWebACL.StatementProperty): CfnWebACL.RuleProperty[] {
  const groups: { name: string; count?: string[] }[] = [
    { name: 'AWSManagedRulesAmazonIpReputationList' },
    { name: 'AWSManagedRulesKnownBadInputsRuleSet' },
    { name: 'AWSManagedRulesCommonRuleSet', count: ['SizeRestrictions_BODY'] },
  ];
  return groups.map((g, i) => ({
    name: g.name,
    priority: firstPriority + i,
    overrideAction: { none: {} },
    statement: {
      managedRuleGroupStatement: {
        vendorName: 'AWS',
        name: g.name,
        ...(g.count ? { ruleActionOverrides: g.count.map((name) => ({ name, actionToUse: { count: {} } })) } : {}),
        ...(scopeDown ? { scopeDownStatement: scopeDown } : {}),
      },
    },
    visibilityConfig: visibility(g.name),
  }));
}

const anyOf = (statements: CfnWebACL.StatementProperty[]): CfnWebACL.StatementProperty =>
  statements.length === 1 ? statements[0] : { orStatement: { statements } };

const byteMatch = (
  field: CfnWebACL.FieldToMatchProperty,
  searchString: string,
  positionalConstraint: 'EXACTLY' | 'STARTS_WITH',
): CfnWebACL.StatementProperty => ({
  byteMatchStatement: {
    fieldToMatch: field,
    searchString,
    positionalConstraint,
    textTransformations: [{ priority: 0, type: 'NONE' }],
  },
});

/** The statement selecting a limit's requests: any of its paths, and one of its methods when it names them. */
export function limitScope(limit: EdgeRateLimit): CfnWebACL.StatementProperty {
  const paths = anyOf(
    limit.paths.map((p) => byteMatch({ uriPath: {} }, p.path, p.match === 'exact' ? 'EXACTLY' : 'STARTS_WITH')),
  );
  if (!limit.methods) return paths;
  const methods = anyOf(limit.methods.map((m) => byteMatch({ method: {} }, m, 'EXACTLY')));
  return { andStatement: { statements: [paths, methods] } };
}

const block429: CfnWebACL.RuleActionProperty = {
  block: {
    customResponse: {
      responseCode: 429,
      customResponseBodyKey: RATE_LIMITED_KEY,
      // The evaluation window: the longest a client can have to wait.
      responseHeaders: [{ name: 'retry-after', value: '60' }],
    },
  },
};

const rateRule = (
  name: string,
  priority: number,
  limit: number,
  scopeDown: CfnWebACL.StatementProperty,
): CfnWebACL.RuleProperty => ({
  name: `rate-${name}`,
  priority,
  action: block429,
  statement: {
    rateBasedStatement: { limit, evaluationWindowSec: 60, aggregateKeyType: 'IP', scopeDownStatement: scopeDown },
  },
  visibilityConfig: visibility(`rate-${name}`),
});

const customResponseBodies = {
  [RATE_LIMITED_KEY]: { contentType: 'APPLICATION_JSON', content: JSON.stringify(RATE_LIMITED_BODY) },
};

/** The CLOUDFRONT-scope rules: the rate limits first (cheapest, and a flood is refused before inspection). */
export function cloudFrontRules(): CfnWebACL.RuleProperty[] {
  const rates = EDGE_RATE_LIMITS.map((l, i) => rateRule(l.name, i, l.limit, limitScope(l)));
  return [...rates, ...managedGroups(rates.length)];
}

/** Cognito's operations a caller without AWS credentials can make (X-Amz-Target), the ones the regional ACL sees. */
export const COGNITO_PUBLIC_OPERATIONS = [
  'InitiateAuth',
  'RespondToAuthChallenge',
  'SignUp',
  'ConfirmSignUp',
  'ForgotPassword',
  'ConfirmForgotPassword',
  'ChangePassword',
];

const cognitoPublicCall = anyOf(
  COGNITO_PUBLIC_OPERATIONS.map((op) =>
    byteMatch({ singleHeader: { Name: 'x-amz-target' } }, `AWSCognitoIdentityProviderService.${op}`, 'EXACTLY'),
  ),
);

/** The sign-in limit of the CloudFront ACL, applied to direct calls to the user pool's public operations. */
export function userPoolRules(): CfnWebACL.RuleProperty[] {
  const signIn = EDGE_RATE_LIMITS.find((l) => l.name === 'sign-in');
  if (!signIn) throw new Error('infra/edge/limits.ts has no sign-in limit');
  return [rateRule('cognito-public', 0, signIn.limit, cognitoPublicCall), ...managedGroups(1, cognitoPublicCall)];
}

export interface EdgeWafStackProps extends StackProps {
  /** Where the Web stack finds the ACL's ARN (an SSM parameter in us-east-1). */
  arnParameterName: string;
}

/** The CloudFront web ACL, in us-east-1 whatever the app's region (CloudFront only takes ACLs from there). */
export class EdgeWafStack extends Stack {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: EdgeWafStackProps) {
    super(scope, id, { ...props, env: { ...props.env, region: CLOUDFRONT_WAF_REGION } });
    this.webAcl = new CfnWebACL(this, 'CloudFrontAcl', {
      name: `${id}-cloudfront`,
      description: 'Sayyara: managed rule groups and the rate limits of infra/edge/limits.ts, in front of CloudFront',
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      rules: cloudFrontRules(),
      customResponseBodies,
      visibilityConfig: visibility(`${id}-cloudfront`),
    });
    new StringParameter(this, 'CloudFrontAclArn', {
      parameterName: props.arnParameterName,
      stringValue: this.webAcl.attrArn,
      description: 'The CloudFront web ACL ARN, read by the Web stack in its own region',
    });
    new CfnOutput(this, 'CloudFrontWebAclArn', { value: this.webAcl.attrArn });
  }
}

/**
 * The CloudFront ACL's ARN in a stack of another region: CloudFormation exports do not cross regions, so it is read
 * from the Edge stack's SSM parameter in us-east-1 at deploy time (what CDK's crossRegionReferences does, which needs
 * an explicit region on both stacks; ours are environment-agnostic). The Edge stack deploys first (a dependency).
 */
export function cloudFrontAclArn(scope: Construct, parameterName: string): string {
  const read = new AwsCustomResource(scope, 'CloudFrontAclArnReader', {
    onUpdate: {
      service: 'SSM',
      action: 'getParameter',
      parameters: { Name: parameterName },
      region: CLOUDFRONT_WAF_REGION,
      physicalResourceId: PhysicalResourceId.of(parameterName),
    },
    policy: AwsCustomResourcePolicy.fromSdkCalls({
      resources: [
        `arn:${Stack.of(scope).partition}:ssm:${CLOUDFRONT_WAF_REGION}:${Stack.of(scope).account}:parameter${parameterName}`,
      ],
    }),
    installLatestAwsSdk: false,
  });
  return read.getResponseField('Parameter.Value');
}

/** The regional ACL on the user pool (see the note at the top). */
export function userPoolWebAcl(scope: Construct, userPool: IUserPool): CfnWebACL {
  const acl = new CfnWebACL(scope, 'UserPoolAcl', {
    description: 'Sayyara: the sign-in limit and managed rule groups on the public operations of the user pool',
    scope: 'REGIONAL',
    defaultAction: { allow: {} },
    rules: userPoolRules(),
    customResponseBodies,
    visibilityConfig: visibility('sayyara-user-pool'),
  });
  new CfnWebACLAssociation(scope, 'UserPoolAclAssociation', {
    resourceArn: userPool.userPoolArn,
    webAclArn: acl.attrArn,
  });
  return acl;
}
