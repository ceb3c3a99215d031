import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Match } from 'aws-cdk-lib/assertions';
import type { Role } from 'aws-cdk-lib/aws-iam';
import { beforeAll, describe, expect, it } from 'vitest';
import { SCHEDULES } from '../../events/schedules';
import { ROUTES, domainsInUse, routeKey } from '../../shared/routes';
import { MIN_PASSWORD_LENGTH } from '../../infra/stacks/auth-stack';
import { DOMAIN_ACCESS, EINVOICING_KEY_USERS } from '../../infra/stacks/access';
import { COMMON_PASSWORD_COUNT, COMMON_PASSWORD_FILE } from '../../functions/auth/common-passwords';
import { COMMON_PASSWORDS_ASSET } from '../../infra/stacks/bundling';
import { firstLines } from '../../infra/stacks/lambda';
import {
  REPO_ROOT,
  actionsOf,
  logicalId,
  statementsOfRole,
  synthesize,
  unacknowledgedNagErrors,
  type Synthesized,
} from './helpers';

// The real app exactly as `cdk synth` builds it (real route table, real handlers, esbuild bundling).
let s: Synthesized;
beforeAll(() => {
  s = synthesize('app');
});

describe('handler files', () => {
  it('every domain in the route table has functions/<domain>/handler.ts', () => {
    const missing = domainsInUse().filter((d) => !existsSync(join(REPO_ROOT, 'functions', d, 'handler.ts')));
    expect(missing).toEqual([]);
    expect(s.stacks.api.missingDomains).toEqual([]);
  });

  it('every schedule in events/schedules.ts has functions/jobs/<name>.ts', () => {
    const missing = SCHEDULES.filter((d) => !existsSync(join(REPO_ROOT, 'functions', 'jobs', `${d.name}.ts`)));
    expect(missing.map((d) => d.name)).toEqual([]);
    expect(s.stacks.jobs.missingJobs).toEqual([]);
  });
});

describe('data stack', () => {
  it('has one table keyed pk/sk with gsi1, gsi2, TTL, PITR, deletion protection, on-demand, encryption', () => {
    const t = s.template(s.stacks.data);
    t.resourceCountIs('AWS::DynamoDB::Table', 1);
    t.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      Properties: {
        KeySchema: [
          { AttributeName: 'pk', KeyType: 'HASH' },
          { AttributeName: 'sk', KeyType: 'RANGE' },
        ],
        AttributeDefinitions: Match.arrayWith([
          { AttributeName: 'pk', AttributeType: 'S' },
          { AttributeName: 'sk', AttributeType: 'S' },
          { AttributeName: 'gsi1pk', AttributeType: 'S' },
          { AttributeName: 'gsi1sk', AttributeType: 'S' },
          { AttributeName: 'gsi2pk', AttributeType: 'S' },
          { AttributeName: 'gsi2sk', AttributeType: 'S' },
        ]),
        GlobalSecondaryIndexes: [
          Match.objectLike({
            IndexName: 'gsi1',
            KeySchema: [
              { AttributeName: 'gsi1pk', KeyType: 'HASH' },
              { AttributeName: 'gsi1sk', KeyType: 'RANGE' },
            ],
          }),
          Match.objectLike({
            IndexName: 'gsi2',
            KeySchema: [
              { AttributeName: 'gsi2pk', KeyType: 'HASH' },
              { AttributeName: 'gsi2sk', KeyType: 'RANGE' },
            ],
          }),
        ],
        TimeToLiveSpecification: { AttributeName: 'ttl', Enabled: true },
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        DeletionProtectionEnabled: true,
        BillingMode: 'PAY_PER_REQUEST',
        SSESpecification: { SSEEnabled: true },
      },
    });
  });
});

describe('auth stack', () => {
  it('user pool: admin-only sign-up, username sign-in, min length 6 only, immutable tenant_id', () => {
    const t = s.template(s.stacks.auth);
    expect(MIN_PASSWORD_LENGTH).toBe(6);
    t.hasResourceProperties('AWS::Cognito::UserPool', {
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
      Policies: {
        PasswordPolicy: {
          MinimumLength: 6,
          RequireLowercase: false,
          RequireUppercase: false,
          RequireNumbers: false,
          RequireSymbols: false,
        },
      },
      Schema: Match.arrayWith([Match.objectLike({ Name: 'tenant_id', AttributeDataType: 'String', Mutable: false })]),
      DeletionProtection: 'ACTIVE',
    });
    // Username is the sign-in identifier: no email/phone aliases.
    const pool = Object.values(t.findResources('AWS::Cognito::UserPool'))[0];
    expect(pool.Properties.AliasAttributes).toBeUndefined();
    expect(pool.Properties.UsernameAttributes).toBeUndefined();
  });

  it('app client: admin password and refresh flows only (no direct USER_PASSWORD_AUTH), revocation, no user-existence leaks, 60 min / 30 days', () => {
    s.template(s.stacks.auth).hasResourceProperties('AWS::Cognito::UserPoolClient', {
      ExplicitAuthFlows: Match.arrayWith(['ALLOW_ADMIN_USER_PASSWORD_AUTH']),
      GenerateSecret: false,
      EnableTokenRevocation: true,
      PreventUserExistenceErrors: 'ENABLED',
      AccessTokenValidity: 60,
      RefreshTokenValidity: 43200,
      TokenValidityUnits: Match.objectLike({ AccessToken: 'minutes', RefreshToken: 'minutes' }),
    });
    const [client] = Object.values(s.template(s.stacks.auth).findResources('AWS::Cognito::UserPoolClient'));
    expect([...client.Properties.ExplicitAuthFlows].sort()).toEqual([
      'ALLOW_ADMIN_USER_PASSWORD_AUTH',
      'ALLOW_REFRESH_TOKEN_AUTH',
    ]);
  });
});

describe('storage stack', () => {
  it('documents bucket: versioned, encrypted, private, TLS only, CORS for presigned PUT/GET, access logs', () => {
    const t = s.template(s.stacks.storage);
    const id = logicalId(s.stacks.storage, s.stacks.storage.documentsBucket);
    t.hasResource('AWS::S3::Bucket', {
      DeletionPolicy: 'Retain',
      Properties: {
        VersioningConfiguration: { Status: 'Enabled' },
        BucketEncryption: {
          ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
        },
        PublicAccessBlockConfiguration: {
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        },
        CorsConfiguration: {
          CorsRules: [
            Match.objectLike({
              AllowedMethods: Match.arrayWith(['PUT', 'GET']),
              AllowedOrigins: ['*'],
              AllowedHeaders: ['*'],
            }),
          ],
        },
        LoggingConfiguration: Match.objectLike({ DestinationBucketName: Match.anyValue() }),
      },
    });
    // Every bucket is versioned (issue 30: the documents and their access logs; test/infra/durability.test.ts).
    expect(
      Object.keys(t.findResources('AWS::S3::Bucket', { Properties: { VersioningConfiguration: Match.anyValue() } })),
    ).toEqual(expect.arrayContaining([id, logicalId(s.stacks.storage, s.stacks.storage.accessLogsBucket)]));
    // enforceSSL: a Deny on aws:SecureTransport=false for the documents bucket.
    t.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: id },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });
});

describe('email stack', () => {
  it('verifies the configured From address', () => {
    s.template(s.stacks.email).hasResourceProperties('AWS::SES::EmailIdentity', {
      EmailIdentity: 'no-reply@example.com',
    });
  });
});

describe('api stack', () => {
  it('has one Node 22 arm64 ESM-bundled Lambda per domain in use, with the runtime environment', () => {
    const t = s.template(s.stacks.api);
    const domains = domainsInUse();
    t.resourceCountIs('AWS::Lambda::Function', domains.length);
    expect([...s.stacks.api.functions.keys()].sort()).toEqual([...domains].sort());
    for (const [domain, fn] of s.stacks.api.functions) {
      const props = t.findResources('AWS::Lambda::Function')[logicalId(s.stacks.api, fn)].Properties;
      expect(props, domain).toMatchObject({
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        Handler: 'index.handler',
      });
      expect(Object.keys(props.Environment.Variables).sort()).toEqual(
        [
          'APP_URL',
          'DOCUMENTS_BUCKET',
          ...(EINVOICING_KEY_USERS.has(domain) ? ['EINVOICING_SECRETS_KEY'] : []),
          // what CloudFront adds to each request (functions/lib/request-guards.ts assertThroughApp)
          'ORIGIN_SECRET',
          // the operator's dead-letter view: the fan-out jobs' queue and dead-letter queue URLs
          ...(DOMAIN_ACCESS[domain as keyof typeof DOMAIN_ACCESS]?.deadLetters ? ['FANOUT_QUEUES'] : []),
          'SES_FROM_ADDRESS',
          'TABLE_NAME',
          'TENANT_ROLE_ARN',
          'USER_POOL_CLIENT_ID',
          'USER_POOL_ID',
          ...(EINVOICING_KEY_USERS.has(domain) ? ['ZATCA_BASE_URL'] : []),
        ].sort(),
      );
    }
  });

  it('ships only the first 100,000 lines of the common-password list beside the auth and staff bundles', () => {
    const t = s.template(s.stacks.api);
    const source = readFileSync(join(REPO_ROOT, Object.keys(COMMON_PASSWORDS_ASSET)[0]!), 'latin1');
    const expected = firstLines(source, COMMON_PASSWORD_COUNT);
    expect(expected.split('\n')).toHaveLength(COMMON_PASSWORD_COUNT + 1); // the last line break, then nothing
    for (const domain of ['auth', 'staff']) {
      const fn = s.stacks.api.functions.get(domain as never)!;
      const key = t.findResources('AWS::Lambda::Function')[logicalId(s.stacks.api, fn)].Properties.Code.S3Key as string;
      const file = join(s.app.outdir, `asset.${key.replace(/\.zip$/, '')}`, COMMON_PASSWORD_FILE);
      const shipped = readFileSync(file, 'latin1');
      expect(shipped === expected, domain).toBe(true);
      expect(statSync(file).size, domain).toBeLessThan(source.length / 8);
    }
  });

  it('bundles each handler as an ESM module that loads on Node and exports `handler`', async () => {
    const t = s.template(s.stacks.api);
    for (const [domain, fn] of s.stacks.api.functions) {
      const key = t.findResources('AWS::Lambda::Function')[logicalId(s.stacks.api, fn)].Properties.Code.S3Key as string;
      const file = join(s.app.outdir, `asset.${key.replace(/\.zip$/, '')}`, 'index.mjs');
      expect(existsSync(file), domain).toBe(true);
      const mod = (await import(pathToFileURL(file).href)) as { handler?: unknown };
      expect(typeof mod.handler, domain).toBe('function');
    }
  });

  it('has exactly the route table: same method+path set, JWT authorizer exactly on authenticated routes', () => {
    const t = s.template(s.stacks.api);
    const routes = Object.values(t.findResources('AWS::ApiGatewayV2::Route')).map((r) => r.Properties);
    const inTemplate = routes.map((r) => r.RouteKey as string).sort();
    const inTable = ROUTES.map(routeKey).sort();
    expect(inTemplate).toEqual(inTable);
    expect(new Set(inTable).size).toBe(inTable.length);

    // CDK creates the authorizer on first use, so there is one exactly when some route needs it.
    const authorizers = t.findResources('AWS::ApiGatewayV2::Authorizer');
    const [authorizerId] = Object.keys(authorizers);
    expect(Object.keys(authorizers)).toHaveLength(ROUTES.some((r) => r.auth === 'authenticated') ? 1 : 0);
    for (const route of ROUTES) {
      const props = routes.find((r) => r.RouteKey === routeKey(route));
      if (!props) continue; // reported by the set comparison above
      if (route.auth === 'authenticated') {
        expect(props, routeKey(route)).toMatchObject({ AuthorizationType: 'JWT', AuthorizerId: { Ref: authorizerId } });
      } else {
        expect(props.AuthorizationType ?? 'NONE', routeKey(route)).toBe('NONE');
        expect(props.AuthorizerId, routeKey(route)).toBeUndefined();
      }
    }
  });

  it('sends each route to its own domain Lambda', () => {
    const t = s.template(s.stacks.api);
    const integrations = t.findResources('AWS::ApiGatewayV2::Integration');
    const routes = Object.values(t.findResources('AWS::ApiGatewayV2::Route')).map((r) => r.Properties);
    for (const route of ROUTES) {
      const props = routes.find((r) => r.RouteKey === routeKey(route));
      expect(props, `${routeKey(route)} is missing from the API`).toBeDefined();
      if (!props) continue;
      const integrationId = JSON.stringify(props.Target).match(/"Ref":"([^"]+)"/)![1];
      const uri = JSON.stringify(integrations[integrationId].Properties.IntegrationUri);
      expect(uri, routeKey(route)).toContain(logicalId(s.stacks.api, s.stacks.api.functions.get(route.domain)!));
    }
  });

  it('default stage is throttled and writes access logs without headers', () => {
    const t = s.template(s.stacks.api);
    t.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: Match.objectLike({
        ThrottlingRateLimit: Match.anyValue(),
        ThrottlingBurstLimit: Match.anyValue(),
      }),
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('requestId') },
    });
    const [stage] = Object.values(t.findResources('AWS::ApiGatewayV2::Stage'));
    expect(stage.Properties.AccessLogSettings.Format).not.toMatch(/header|authorization/i);
  });

  it('platform (health) can only read the table, describe the pool and list the bucket', () => {
    const fn = s.stacks.api.functions.get('platform');
    expect(fn).toBeDefined();
    const t = s.template(s.stacks.api);
    const actions = actionsOf(statementsOfRole(t, logicalId(s.stacks.api, fn!.role as Role)));
    expect(actions).toContain('dynamodb:GetItem');
    expect(actions).not.toContain('dynamodb:PutItem');
    expect(actions.filter((a) => /^dynamodb:(Put|Update|Delete|BatchWrite|Scan)/.test(a))).toEqual([]);
    expect(actions.filter((a) => a.startsWith('s3:'))).toEqual(['s3:ListBucket']);
    expect(actions.filter((a) => a.startsWith('cognito-idp:'))).toEqual(['cognito-idp:DescribeUserPool']);
    expect(actions.filter((a) => a.startsWith('ses:'))).toEqual([]);
  });

  it('no API function may Scan or use wildcard actions; only those with SES access send email, and only from the identity', () => {
    const t = s.template(s.stacks.api);
    for (const [domain, fn] of s.stacks.api.functions) {
      const statements = statementsOfRole(t, logicalId(s.stacks.api, fn.role as Role));
      const actions = actionsOf(statements);
      expect(
        actions.filter((a) => a === 'dynamodb:Scan' || a.includes('*')),
        domain,
      ).toEqual([]);
      expect(
        actions.some((a) => a.startsWith('ses:')),
        domain,
      ).toBe(!!DOMAIN_ACCESS[domain].ses);
      for (const st of statements.filter((x) => [x.Action].flat().some((a) => a.startsWith('ses:')))) {
        expect(JSON.stringify(st.Resource), domain).not.toBe('"*"');
        expect(JSON.stringify(st.Resource), domain).toContain('identity');
      }
    }
  });
});

describe('jobs stack', () => {
  it('has one Lambda and one schedule per events/schedules.ts entry, with its cron and no flexible window', () => {
    const t = s.template(s.stacks.jobs);
    const schedules = Object.values(t.findResources('AWS::Scheduler::Schedule')).map((r) => r.Properties);
    expect(schedules.map((p) => p.ScheduleExpression).sort()).toEqual(
      SCHEDULES.filter((d) => d.cron)
        .map((d) => d.cron)
        .sort(),
    );
    for (const def of SCHEDULES) {
      const fn = s.stacks.jobs.functions.get(def.name);
      expect(fn, def.name).toBeDefined();
      // Its own timeout when it declares one (the demo reset: two companies), else 5 minutes.
      const fnProps = t.findResources('AWS::Lambda::Function')[logicalId(s.stacks.jobs, fn!)].Properties;
      expect(fnProps.Timeout, def.name).toBe((def.timeoutMinutes ?? 5) * 60);
      if (!def.cron) continue; // one-off maintenance job: a Lambda, no schedule
      const props = schedules.find((p) => p.ScheduleExpression === def.cron)!;
      expect(props.FlexibleTimeWindow).toEqual({ Mode: 'OFF' });
      expect(JSON.stringify(props.Target.Arn)).toContain(logicalId(s.stacks.jobs, fn!));
    }
    t.resourceCountIs('AWS::Lambda::Function', SCHEDULES.length);
  });

  it("each schedule's role may invoke only its own job", () => {
    const t = s.template(s.stacks.jobs);
    for (const props of Object.values(t.findResources('AWS::Scheduler::Schedule')).map((r) => r.Properties)) {
      const roleId = props.Target.RoleArn['Fn::GetAtt'][0] as string;
      const statements = statementsOfRole(t, roleId);
      expect(actionsOf(statements)).toEqual(['lambda:InvokeFunction']);
      const resources = JSON.stringify(statements.map((st) => st.Resource));
      const target = JSON.stringify(props.Target.Arn).match(/"([A-Za-z0-9]+Function[A-Z0-9]+)"/)![1];
      for (const fn of s.stacks.jobs.functions.values()) {
        const id = logicalId(s.stacks.jobs, fn);
        expect(resources.includes(id)).toBe(id === target);
      }
    }
  });
});

describe('cdk-nag', () => {
  it('AwsSolutions reports no unacknowledged errors', () => {
    expect(unacknowledgedNagErrors(s.app)).toEqual([]);
  });

  it('every stack is environment-agnostic (no account/region lookups)', () => {
    // but the CloudFront web ACL's, which CloudFront only reads from us-east-1 (infra/stacks/waf.ts)
    for (const [name, stack] of Object.entries(s.stacks)) {
      expect(stack.environment).toBe(`aws://unknown-account/${name === 'edgeWaf' ? 'us-east-1' : 'unknown-region'}`);
    }
  });
});

describe('files read at run time', () => {
  it('ships the shared PDF fonts (functions/lib/pdf/fonts) beside the rentals bundle: the PDF code reads ./fonts relative to the bundle', () => {
    const fn = s.stacks.api.functions.get('rentals');
    expect(fn, 'rentals function').toBeDefined();
    const code = s.template(s.stacks.api).toJSON().Resources[logicalId(s.stacks.api, fn!)].Properties.Code;
    const hash = String(code.S3Key).replace(/\.zip$/, '');
    const assetDir = join(s.app.outdir, `asset.${hash}`);
    expect(existsSync(join(assetDir, 'index.mjs'))).toBe(true);
    expect(existsSync(join(assetDir, 'fonts', 'DejaVuSans.ttf'))).toBe(true);
    expect(existsSync(join(assetDir, 'fonts', 'DejaVuSans-Bold.ttf'))).toBe(true);
  });

  it('splits lazily imported modules into chunks beside index.mjs: the PDF module stays out of the cold start', () => {
    const fn = s.stacks.api.functions.get('rentals');
    const code = s.template(s.stacks.api).toJSON().Resources[logicalId(s.stacks.api, fn!)].Properties.Code;
    const assetDir = join(s.app.outdir, `asset.${String(code.S3Key).replace(/\.zip$/, '')}`);
    const chunks = readdirSync(assetDir).filter((f) => f.endsWith('.mjs') && f !== 'index.mjs');
    const chunkBytes = chunks.reduce((n, f) => n + statSync(join(assetDir, f)).size, 0);
    // pdf-lib + fontkit (~1.5 MB) live in chunks; index.mjs is a few hundred KB.
    expect(statSync(join(assetDir, 'index.mjs')).size).toBeLessThan(600 * 1024);
    expect(chunkBytes).toBeGreaterThan(1024 * 1024);
  });
});
