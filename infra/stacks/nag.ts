import { Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import type { SayyaraStacks } from './sayyara-app';

/**
 * Every cdk-nag finding we accept, with the reason it is acceptable here. Findings that depend on
 * the route table (public routes) are acknowledged where the routes are built (api-stack.ts).
 * cdk-nag 3 matches acknowledgements by exact finding id; there is no blanket per-rule opt-out.
 */
export function applyNagSuppressions(stacks: SayyaraStacks): void {
  const ack = (scope: IConstruct, id: string, reason: string) => Validations.of(scope).acknowledge({ id, reason });

  const pool = stacks.auth.userPool;
  ack(pool, 'AwsSolutions-COG1',
    'The product specification fixes the password rule at "at least 6 characters" with no composition rules ' +
    '(product-screens-and-session.md §5, §9); sign-in attempts are throttled at the API stage instead.');
  ack(pool, 'AwsSolutions-COG2',
    'The specification defines username + password sign-in only; MFA is a roadmap item and would change the login contract.');
  ack(pool, 'AwsSolutions-COG8',
    'Essentials tier: threat protection (Plus) is billed per active user; login answers never reveal whether a user ' +
    'exists (PreventUserExistenceErrors) and the API stage is throttled. Revisit when the tenant count justifies the cost.');

  for (const fn of [...stacks.api.functions.values(), ...stacks.jobs.functions.values()]) {
    ack(fn, 'AwsSolutions-L1',
      'DESIGN.md and TOOLCHAIN.md pin the Lambda runtime to Node.js 22 (the version the handlers and their ' +
      'dependencies are built and tested for); moving to Node 24 is a deliberate, tested upgrade.');
  }

  const distribution = stacks.web.distribution;
  ack(distribution, 'AwsSolutions-CFR4',
    'No custom domain is configured yet, so the distribution uses the default *.cloudfront.net certificate, for which ' +
    'CloudFront fixes the viewer security policy; attach an ACM certificate with TLSv1.2_2021 when a domain is added.');
  ack(distribution, 'AwsSolutions-CFR1',
    'Rental companies in several countries (the spec ships regional rules) use the app; blocking by geography would lock out tenants.');
  ack(distribution, 'AwsSolutions-CFR2',
    'No WAF web ACL yet (billed per ACL and per request): the API stage throttles requests and every API route but ' +
    'the public health/openapi/auth ones requires a Cognito JWT. Add a WAF ACL before opening public sign-up widely.');
}
