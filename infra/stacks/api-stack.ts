import {
  Annotations,
  ArnFormat,
  CfnOutput,
  Duration,
  RemovalPolicy,
  Stack,
  Validations,
  type StackProps,
} from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  HttpApi,
  HttpMethod,
  HttpRoute,
  HttpRouteKey,
  HttpStage,
  LogGroupLogDestination,
  type IHttpApi,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { fanOutJobs } from '../../events/schedules';
import { fanOutQueueNames } from '../../functions/lib/jobs/queue-names';
import { ROUTES, type Domain, type RouteDef } from '../../shared/routes';
import { DOMAIN_ACCESS } from './access';
import type { IEmailIdentity } from 'aws-cdk-lib/aws-ses';
import { grantTable, grantTenantObjects } from './grants';
import { grantAssumeTenantRole, TenantScopedRole } from './tenant-role';
import {
  DOMAIN_ASSETS,
  domainHandlerEntry,
  entryExists,
  pascal,
  sayyaraFunction,
  withEInvoicing,
  type EInvoicingEnvironment,
  type RuntimeEnvironment,
} from './lambda';

export interface ApiStackProps extends StackProps {
  /** The HTTP API resource (the Web stack's, see WebStack.httpApi); this stack adds stage and routes. */
  httpApi: IHttpApi;
  /** What CloudFront adds to every API request (WebStack.originSecret); the Lambdas refuse requests without it. */
  originSecret: string;
  /** The app's public URL, set as APP_URL on every Lambda (links in emails and PDFs). */
  appUrl: string;
  table: ITable;
  documentsBucket: IBucket;
  userPool: IUserPool;
  userPoolClient: IUserPoolClient;
  sesFromAddress: string;
  /** The e-invoicing secrets key (DataStack) and ZATCA's URL, handed to EINVOICING_KEY_USERS only. */
  einvoicing?: EInvoicingEnvironment;
  /** The SES identity domains with `ses` access may send from (DOMAIN_ACCESS). */
  emailIdentity?: IEmailIdentity;
  /** Defaults to the one route table; tests may pass a subset. */
  routes?: RouteDef[];
  /** Where a domain's handler lives; tests point it at a fixture to check grants of domains not yet written. */
  handlerEntry?: (domain: Domain) => string;
  /** The fan-out queues' name prefix (JobsStack names them so): the operator's dead-letter view finds them. */
  queuePrefix?: string;
  /** Steady-state requests per second across the whole API, and the burst above it. */
  throttle?: { rateLimit: number; burstLimit: number };
}

/**
 * The HTTP API: one route per route-table entry, one Lambda per domain, the Cognito JWT
 * authorizer on every authenticated route. The API is reached through CloudFront's /api/*
 * behaviour, so it needs no CORS.
 */
export class ApiStack extends Stack {
  readonly httpApi: IHttpApi;
  readonly functions = new Map<Domain, LambdaFunction>();
  /** Domains in the route table whose handler file is missing (synth warns; an infra test fails). */
  readonly missingDomains: Domain[] = [];
  /** The second wall (issue 31): the role each company's data calls run with; the Jobs stack's units assume it too. */
  readonly tenantRole: TenantScopedRole;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const routes = props.routes ?? ROUTES;

    this.tenantRole = new TenantScopedRole(this, 'TenantScoped', { table: props.table, bucket: props.documentsBucket });
    const environment: RuntimeEnvironment = {
      TABLE_NAME: props.table.tableName,
      DOCUMENTS_BUCKET: props.documentsBucket.bucketName,
      USER_POOL_ID: props.userPool.userPoolId,
      USER_POOL_CLIENT_ID: props.userPoolClient.userPoolClientId,
      SES_FROM_ADDRESS: props.sesFromAddress,
      APP_URL: props.appUrl,
      TENANT_ROLE_ARN: this.tenantRole.role.roleArn,
      ORIGIN_SECRET: props.originSecret,
    };

    // Imported into this stack so the authorizer, routes and integrations are created here.
    this.httpApi = HttpApi.fromHttpApiAttributes(this, 'HttpApi', {
      httpApiId: props.httpApi.apiId,
      apiEndpoint: props.httpApi.apiEndpoint,
    });

    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: RetentionDays.THREE_MONTHS,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const throttle = props.throttle ?? { rateLimit: 200, burstLimit: 400 };
    new HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle,
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        // Request metadata only: no headers, so no Authorization token ever lands in the logs.
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            requestTime: '$context.requestTime',
            routeKey: '$context.routeKey',
            status: '$context.status',
            protocol: '$context.protocol',
            responseLength: '$context.responseLength',
            latency: '$context.responseLatency',
            integrationLatency: '$context.integrationLatency',
            integrationError: '$context.integrationErrorMessage',
            authorizerError: '$context.authorizer.error',
            sub: '$context.authorizer.claims.sub',
          }),
        ),
      },
    });

    new CfnOutput(this, 'ApiEndpoint', {
      value: this.httpApi.apiEndpoint,
      description: 'The execute-api address: answers 403 to every request (use AppUrl/api/*, through CloudFront)',
    });

    // Access tokens carry no `aud`; API Gateway then matches the audience against `client_id`.
    const authorizer = new HttpUserPoolAuthorizer('CognitoAuthorizer', props.userPool, {
      userPoolClients: [props.userPoolClient],
      identitySource: ['$request.header.Authorization'],
    });

    const integrations = new Map<Domain, HttpLambdaIntegration>();
    for (const domain of [...new Set(routes.map((r) => r.domain))]) {
      const entry = (props.handlerEntry ?? domainHandlerEntry)(domain);
      if (!entryExists(entry)) {
        this.missingDomains.push(domain);
        Annotations.of(this).addWarningV2(
          `sayyara:missing-handler:${domain}`,
          `functions/${domain}/handler.ts does not exist yet: its routes are left out of the API`,
        );
        continue;
      }
      const fn = sayyaraFunction(this, `${pascal(domain)}Function`, {
        entry,
        environment: withEInvoicing(domain, environment, props.einvoicing),
        description: `Sayyara ${domain} API`,
        // API Gateway gives up at 30 s; finishing earlier lets the handler answer 503 itself.
        timeout: Duration.seconds(25),
        assets: DOMAIN_ASSETS[domain],
        functionName: DOMAIN_ACCESS[domain].tasks ? this.taskFunctionName(domain) : undefined,
      });
      this.functions.set(domain, fn);
      this.grantDomainAccess(domain, fn, props);
      integrations.set(
        domain,
        // One invoke permission per function instead of one per route keeps the Lambda resource
        // policy under its 20 KB limit and the stack under CloudFormation's 500 resources.
        new HttpLambdaIntegration(`${pascal(domain)}Integration`, fn, { scopePermissionToRoute: false }),
      );
    }

    for (const route of routes) {
      const integration = integrations.get(route.domain);
      if (!integration) continue;
      const httpRoute = new HttpRoute(this.httpApi, `${route.method}${route.path}`, {
        httpApi: this.httpApi,
        routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
        integration,
        authorizer: route.auth === 'authenticated' ? authorizer : undefined,
      });
      if (route.auth === 'public') {
        Validations.of(httpRoute).acknowledge({
          id: 'AwsSolutions-APIG4',
          reason: `${route.method} ${route.path} is public in the route table (${route.operationId}): it must work without a token`,
        });
      }
    }
  }

  /** The fixed name of a domain Lambda that runs background tasks: `{stack}-{domain}`, at most 64 characters. */
  private taskFunctionName(domain: Domain): string {
    return `${this.stackName}-${domain}`.slice(0, 64);
  }

  private grantDomainAccess(domain: Domain, fn: LambdaFunction, props: ApiStackProps): void {
    const access = DOMAIN_ACCESS[domain];
    if (access.tasks) {
      // Background tasks: an asynchronous invocation of the function itself (Lambda retries a failed event
      // twice, for up to 6 hours; the task item records what failed in the end, shown by GET of the task).
      const self = this.formatArn({
        service: 'lambda',
        resource: 'function',
        resourceName: this.taskFunctionName(domain),
        arnFormat: ArnFormat.COLON_RESOURCE_NAME,
      });
      fn.addToRolePolicy(new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [self] }));
      fn.configureAsyncInvoke({ retryAttempts: 2, maxEventAge: Duration.hours(6) });
    }
    grantTable(fn, props.table, access.dynamodb);
    grantAssumeTenantRole(fn, this.tenantRole.role);
    if (access.s3) grantTenantObjects(fn, props.documentsBucket, access.s3);
    if (access.cognito?.length) props.userPool.grant(fn, ...access.cognito);
    if (access.ses) {
      if (!props.emailIdentity) throw new Error(`${domain} sends email: ApiStack needs emailIdentity`);
      props.emailIdentity.grantSendEmail(fn);
    }
    if (access.deadLetters) this.grantDeadLetters(fn, props.queuePrefix ?? 'Sayyara');
    if (access.healthCheck) {
      props.userPool.grant(fn, 'cognito-idp:DescribeUserPool');
      // HeadBucket is authorised by s3:ListBucket; no object is read.
      fn.addToRolePolicy(
        new PolicyStatement({ actions: ['s3:ListBucket'], resources: [props.documentsBucket.bucketArn] }),
      );
    }
  }

  /**
   * The fan-out jobs' queues, found by name (JobsStack names them `<prefix>-<job>`; no cross-stack reference, so
   * no cycle between the two stacks): the dead letters read and deleted, the units sent back to their queue.
   */
  private grantDeadLetters(fn: LambdaFunction, prefix: string): void {
    const stack = Stack.of(this);
    const arn = (name: string) => `arn:${stack.partition}:sqs:${stack.region}:${stack.account}:${name}`;
    const url = (name: string) => `https://sqs.${stack.region}.${stack.urlSuffix}/${stack.account}/${name}`;
    const jobs = fanOutJobs().map((job) => ({ job, ...fanOutQueueNames(prefix, job) }));
    if (!jobs.length) return;
    fn.addEnvironment(
      'FANOUT_QUEUES',
      stack.toJsonString(Object.fromEntries(jobs.map((j) => [j.job, { queueUrl: url(j.queue), dlqUrl: url(j.dlq) }]))),
    );
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['sqs:ReceiveMessage', 'sqs:DeleteMessage', 'sqs:GetQueueAttributes', 'sqs:ChangeMessageVisibility'],
        resources: jobs.map((j) => arn(j.dlq)),
      }),
    );
    fn.addToRolePolicy(new PolicyStatement({ actions: ['sqs:SendMessage'], resources: jobs.map((j) => arn(j.queue)) }));
  }
}
