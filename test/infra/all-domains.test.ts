import { join } from 'node:path';
import { Match } from 'aws-cdk-lib/assertions';
import type { Role } from 'aws-cdk-lib/aws-iam';
import { beforeAll, describe, expect, it } from 'vitest';
import { JOB_NAMES, SCHEDULES } from '../../events/schedules';
import { DOMAINS, type Domain, type HttpMethod, type RouteDef } from '../../shared/routes';
import { DOMAIN_ACCESS } from '../../infra/stacks/access';
import { JOB_ACCESS } from '../../infra/stacks/jobs-stack';
import {
  FIXTURES,
  actionsOf,
  logicalId,
  statementsOfRole,
  synthesize,
  unacknowledgedNagErrors,
  type Statement,
  type Synthesized,
} from './helpers';

/**
 * The app as it will be once every domain, job and the web build exist: a route table with
 * every domain at a realistic size, a stand-in handler, and a stand-in web/dist. This checks the
 * grants of domains whose handlers are still being written, the resource budget of the API
 * stack, and that cdk-nag stays clean when those resources appear.
 */
// The real table averages about 10 routes per domain (232 routes over 23 domains in November
// 2026); 12 leaves room for growth. Each domain also costs ~5 resources (function, role, policy,
// integration, permission), so 23 domains x 17 stay under the 450 checked below.
const ROUTES_PER_DOMAIN = 12;
const METHODS: HttpMethod[] = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'];

const routes: RouteDef[] = DOMAINS.flatMap((domain) =>
  Array.from(
    { length: ROUTES_PER_DOMAIN },
    (_, i): RouteDef => ({
      operationId: `${domain}${i}`,
      method: METHODS[i % METHODS.length],
      path: `/api/v1/${domain}/r${Math.floor(i / METHODS.length)}/{id}`,
      domain,
      auth: i === 0 ? 'public' : 'authenticated',
      summary: 'infra test route',
    }),
  ),
);

let s: Synthesized;
beforeAll(() => {
  s = synthesize('all-domains', {
    routes,
    handlerEntry: () => join(FIXTURES, 'handler.ts'),
    jobEntry: () => join(FIXTURES, 'handler.ts'),
    webDistPath: join(FIXTURES, 'web-dist'),
    bundle: false,
  });
});

const actionsOfFunction = (domain: Domain): { actions: string[]; statements: Statement[] } => {
  const fn = s.stacks.api.functions.get(domain)!;
  const statements = statementsOfRole(s.template(s.stacks.api), logicalId(s.stacks.api, fn.role as Role));
  return { actions: actionsOf(statements), statements };
};

describe('every domain', () => {
  it('gets one Lambda and one invoke permission (not one per route)', () => {
    const t = s.template(s.stacks.api);
    expect([...s.stacks.api.functions.keys()].sort()).toEqual([...DOMAINS].sort());
    t.resourceCountIs('AWS::Lambda::Function', DOMAINS.length);
    t.resourceCountIs('AWS::Lambda::Permission', DOMAINS.length);
    t.resourceCountIs('AWS::ApiGatewayV2::Route', routes.length);
  });

  it('keeps the API stack well under the CloudFormation limit of 500 resources', () => {
    const count = Object.keys(s.template(s.stacks.api).toJSON().Resources).length;
    expect(count).toBeLessThan(450);
  });

  it('has table rights matching its access row, never Scan', () => {
    for (const domain of DOMAINS) {
      const { actions } = actionsOfFunction(domain);
      expect(actions, domain).toContain('dynamodb:Query');
      expect(actions, domain).not.toContain('dynamodb:Scan');
      const writes = actions.filter((a) => /^dynamodb:(Put|Update|Delete|BatchWrite)/.test(a));
      if (DOMAIN_ACCESS[domain].dynamodb === 'read') expect(writes, domain).toEqual([]);
      else
        expect(writes, domain).toEqual([
          'dynamodb:BatchWriteItem',
          'dynamodb:DeleteItem',
          'dynamodb:PutItem',
          'dynamodb:UpdateItem',
        ]);
    }
    expect(DOMAIN_ACCESS.platform.dynamodb).toBe('read');
    expect(DOMAIN_ACCESS.reports.dynamodb).toBe('read');
  });

  it('touches S3 objects only under tenants/, and only if its row says so', () => {
    for (const domain of DOMAINS) {
      const { statements } = actionsOfFunction(domain);
      const objectStatements = statements.filter((st) => actionsOf([st]).some((a) => /^s3:.*Object/.test(a)));
      if (!DOMAIN_ACCESS[domain].s3) {
        expect(objectStatements, domain).toEqual([]);
        continue;
      }
      expect(objectStatements.length, domain).toBeGreaterThan(0);
      for (const st of objectStatements) expect(JSON.stringify(st.Resource), domain).toMatch(/\/tenants\/\*"\]\]\}$/);
    }
  });

  it('uses Cognito admin actions only in auth and staff; platform may only DescribeUserPool', () => {
    for (const domain of DOMAINS) {
      const cognito = actionsOfFunction(domain).actions.filter((a) => a.startsWith('cognito-idp:'));
      if (domain === 'auth' || domain === 'staff') expect(cognito.length, domain).toBeGreaterThan(0);
      else if (domain === 'platform') expect(cognito, domain).toEqual(['cognito-idp:DescribeUserPool']);
      else expect(cognito, domain).toEqual([]);
    }
    expect(actionsOfFunction('auth').actions).toContain('cognito-idp:AdminInitiateAuth');
    expect(actionsOfFunction('staff').actions).toContain('cognito-idp:AdminDisableUser');
  });

  it('sends email only from the API functions whose access row says so, and only from the SES identity', () => {
    for (const domain of DOMAINS) {
      const { actions } = actionsOfFunction(domain);
      expect(
        actions.some((a) => a.startsWith('ses:')),
        domain,
      ).toBe(!!DOMAIN_ACCESS[domain].ses);
    }
    expect(DOMAINS.filter((d) => DOMAIN_ACCESS[d].ses)).toEqual(expect.arrayContaining(['invoices']));
  });

  it('lets only a domain with background tasks invoke a Lambda, and only itself, by a fixed name (issue 30)', () => {
    const t = s.template(s.stacks.api);
    for (const domain of DOMAINS) {
      const { statements } = actionsOfFunction(domain);
      const invoke = statements.filter((st) => actionsOf([st]).includes('lambda:InvokeFunction'));
      if (!DOMAIN_ACCESS[domain].tasks) {
        expect(invoke, domain).toEqual([]);
        continue;
      }
      const name = `${s.stacks.api.stackName}-${domain}`;
      expect(JSON.stringify(invoke.map((st) => st.Resource)), domain).toContain(`:function:${name}`);
      const fn = s.stacks.api.functions.get(domain)!;
      t.hasResourceProperties('AWS::Lambda::Function', { FunctionName: name });
      t.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
        FunctionName: { Ref: logicalId(s.stacks.api, fn) },
        MaximumRetryAttempts: 2,
      });
    }
    expect(DOMAINS.filter((d) => DOMAIN_ACCESS[d].tasks)).toEqual(['accounting']);
  });
});

describe('every job', () => {
  it('gets a Lambda, a schedule in the Sayyara group, and rights matching its access row', () => {
    const t = s.template(s.stacks.jobs);
    t.resourceCountIs('AWS::Scheduler::Schedule', SCHEDULES.filter((d) => d.cron).length);
    t.resourceCountIs('AWS::Scheduler::ScheduleGroup', 1);
    t.allResourcesProperties('AWS::Scheduler::Schedule', {
      GroupName: Match.anyValue(),
      FlexibleTimeWindow: { Mode: 'OFF' },
    });
    for (const name of JOB_NAMES) {
      const fn = s.stacks.jobs.functions.get(name)!;
      const actions = actionsOf(statementsOfRole(t, logicalId(s.stacks.jobs, fn.role as Role)));
      expect(actions.includes('dynamodb:Scan'), name).toBe(!!JOB_ACCESS[name].scan);
      expect(
        actions.some((a) => a.startsWith('ses:')),
        name,
      ).toBe(!!JOB_ACCESS[name].ses);
      expect(
        actions.filter((a) => a.startsWith('cognito-idp:')),
        name,
      ).toEqual([...(JOB_ACCESS[name].cognito ?? [])].sort());
      expect(
        actions.some((a) => /^s3:.*Object/.test(a)),
        name,
      ).toBe(!!JOB_ACCESS[name].s3);
    }
  });
});

describe('every schedule', () => {
  it('has a role that may invoke only its own job', () => {
    const t = s.template(s.stacks.jobs);
    const schedules = Object.values(t.findResources('AWS::Scheduler::Schedule')).map((r) => r.Properties);
    expect(schedules).toHaveLength(SCHEDULES.filter((d) => d.cron).length);
    const roles = new Set<string>();
    for (const props of schedules) {
      const roleId = props.Target.RoleArn['Fn::GetAtt'][0] as string;
      roles.add(roleId);
      const statements = statementsOfRole(t, roleId);
      expect(actionsOf(statements)).toEqual(['lambda:InvokeFunction']);
      const resources = JSON.stringify(statements.map((st) => st.Resource));
      const targetId = (props.Target.Arn['Fn::GetAtt'] as string[])[0];
      for (const fn of s.stacks.jobs.functions.values()) {
        const id = logicalId(s.stacks.jobs, fn);
        expect(resources.includes(`"${id}"`), `${roleId} -> ${id}`).toBe(id === targetId);
      }
    }
    expect(roles.size).toBe(SCHEDULES.filter((d) => d.cron).length);
  });
});

describe('JWT authorizer', () => {
  it('reads the Authorization header and accepts only the app client', () => {
    const t = s.template(s.stacks.api);
    t.resourceCountIs('AWS::ApiGatewayV2::Authorizer', 1);
    t.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: { Audience: [Match.anyValue()], Issuer: Match.anyValue() },
    });
    const [auth] = Object.values(t.findResources('AWS::ApiGatewayV2::Authorizer'));
    expect(JSON.stringify(auth.Properties.JwtConfiguration.Audience)).toContain('UserPoolWebClient');
    expect(JSON.stringify(auth.Properties.JwtConfiguration.Issuer)).toContain('cognito-idp');
  });

  it('is on every authenticated route and on no public one', () => {
    const props = Object.values(s.template(s.stacks.api).findResources('AWS::ApiGatewayV2::Route')).map(
      (r) => r.Properties,
    );
    const publicKeys = new Set(routes.filter((r) => r.auth === 'public').map((r) => `${r.method} ${r.path}`));
    for (const p of props) {
      expect(p.AuthorizationType ?? 'NONE', p.RouteKey).toBe(publicKeys.has(p.RouteKey) ? 'NONE' : 'JWT');
    }
  });
});

describe('web build deployment', () => {
  it('uploads hashed assets and the shell separately, invalidating the shell', () => {
    expect(s.stacks.web.deployed).toBe(true);
    const t = s.template(s.stacks.web);
    t.resourceCountIs('Custom::CDKBucketDeployment', 2);
    t.hasResourceProperties('Custom::CDKBucketDeployment', {
      SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
      Prune: false,
    });
    t.hasResourceProperties('Custom::CDKBucketDeployment', {
      SystemMetadata: { 'cache-control': 'no-cache' },
      DistributionPaths: ['/*'],
    });
  });
});

describe('cdk-nag with every resource present', () => {
  it('AwsSolutions reports no unacknowledged errors', () => {
    expect(unacknowledgedNagErrors(s.app)).toEqual([]);
  });
});
