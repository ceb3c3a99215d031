import { Tags, Validations, type App, type Stack } from 'aws-cdk-lib';
import type { JobName, ScheduleDef } from '../../events/schedules';
import type { Domain, RouteDef } from '../../shared/routes';
import { ApiStack } from './api-stack';
import { AuthStack } from './auth-stack';
import { DataStack } from './data-stack';
import { EmailStack } from './email-stack';
import { JobsStack } from './jobs-stack';
import { ZATCA_PRODUCTION_URL } from './lambda';
import { SayyaraNagChecks, applyNagSuppressions } from './nag';
import { StorageStack } from './storage-stack';
import { WebStack } from './web-stack';
import { EdgeWafStack } from './waf';

export interface SayyaraStacks {
  data: DataStack;
  auth: AuthStack;
  storage: StorageStack;
  email: EmailStack;
  api: ApiStack;
  jobs: JobsStack;
  web: WebStack;
  edgeWaf: EdgeWafStack;
}

export interface SayyaraOptions {
  /** Overrides web/dist (tests point it at a fixture). */
  webDistPath?: string;
  /** Test seams: a different route/schedule table and handler locations. */
  routes?: RouteDef[];
  handlerEntry?: (domain: Domain) => string;
  schedules?: ScheduleDef[];
  jobEntry?: (name: JobName) => string;
}

const contextString = (app: App, key: string, fallback: string): string => {
  const value: unknown = app.node.tryGetContext(key);
  return typeof value === 'string' && value.trim() ? value.trim() : fallback;
};

const contextList = (app: App, key: string, fallback: string[]): string[] => {
  const value: unknown = app.node.tryGetContext(key);
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'string' && value.trim())
    return value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  return fallback;
};

/**
 * Every stack is environment-agnostic (no account/region, no lookups), so the app synthesizes
 * offline and deploys to whatever the CLI's credentials point at.
 *
 * Context keys: stackPrefix (Sayyara), sesFromAddress (no-reply@example.com), sesDomain (unset),
 * webOrigins (comma-separated, "*"), appUrl (the app's custom domain, e.g. https://app.example.com;
 * default: the CloudFront distribution's https domain) — APP_URL of every Lambda; zatcaBaseUrl (ZATCA's API,
 * default production "…/e-invoicing/core"; the simulation or developer-portal base for a test deployment).
 */
export function buildSayyara(app: App, options: SayyaraOptions = {}): SayyaraStacks {
  const prefix = contextString(app, 'stackPrefix', 'Sayyara');
  const sesFromAddress = contextString(app, 'sesFromAddress', 'no-reply@example.com');
  const sesDomain = contextString(app, 'sesDomain', '') || undefined;
  const webOrigins = contextList(app, 'webOrigins', ['*']);

  const data = new DataStack(app, `${prefix}-Data`, {
    description: 'Sayyara: DynamoDB single table',
    // The restore drill: `-c tableName=<restored table>` points every Lambda at it (README).
    restoredTableName: contextString(app, 'tableName', '') || undefined,
  });
  const auth = new AuthStack(app, `${prefix}-Auth`, { description: 'Sayyara: Cognito user pool and app client' });
  const storage = new StorageStack(app, `${prefix}-Storage`, {
    description: 'Sayyara: documents bucket and its access logs',
    webOrigins,
  });
  const email = new EmailStack(app, `${prefix}-Email`, {
    description: 'Sayyara: SES sending identity',
    fromAddress: sesFromAddress,
    domain: sesDomain,
  });
  const shared = {
    table: data.table,
    documentsBucket: storage.documentsBucket,
    userPool: auth.userPool,
    userPoolClient: auth.userPoolClient,
    sesFromAddress,
    // The fan-out jobs' queue names: the Jobs stack creates them, the Api stack's operator Lambda reads them.
    queuePrefix: prefix,
    einvoicing: {
      secretsKey: data.einvoicingSecretsKey,
      zatcaBaseUrl: contextString(app, 'zatcaBaseUrl', ZATCA_PRODUCTION_URL).replace(/\/$/, ''),
    },
  };
  // The Web stack owns the HTTP API resource and the distribution, so the Api and Jobs stacks can
  // take the app URL from it (no stack cycle); a custom domain (context appUrl) overrides it.
  const webAclArnParameter = `/${prefix}/edge/cloudfront-web-acl-arn`;
  const edgeWaf = new EdgeWafStack(app, `${prefix}-EdgeWaf`, {
    description: 'Sayyara: the CloudFront web ACL (us-east-1): managed rule groups and rate limits',
    arnParameterName: webAclArnParameter,
  });
  const web = new WebStack(app, `${prefix}-Web`, {
    description: 'Sayyara: CloudFront, edge function, the web app bucket and the HTTP API',
    documentsBucket: storage.documentsBucket,
    webDistPath: options.webDistPath,
    webAclArnParameter,
  });
  web.addStackDependency(edgeWaf, 'the distribution reads the CloudFront web ACL ARN from its SSM parameter');
  const appUrl = contextString(app, 'appUrl', '').replace(/\/+$/, '') || web.appUrl;
  const api = new ApiStack(app, `${prefix}-Api`, {
    description: 'Sayyara: HTTP API stage, routes and domain Lambdas',
    ...shared,
    httpApi: web.httpApi,
    originSecret: web.originSecret,
    appUrl,
    emailIdentity: email.identity,
    routes: options.routes,
    handlerEntry: options.handlerEntry,
  });
  const jobs = new JobsStack(app, `${prefix}-Jobs`, {
    description: 'Sayyara: scheduled jobs',
    ...shared,
    appUrl,
    emailIdentity: email.identity,
    tenantRole: api.tenantRole.role,
    schedules: options.schedules,
    jobEntry: options.jobEntry,
  });

  const stacks: SayyaraStacks = { data, auth, storage, email, api, jobs, web, edgeWaf };
  for (const stack of Object.values(stacks) as Stack[]) Tags.of(stack).add('app', 'sayyara');

  applyNagSuppressions(stacks);
  // cdk-nag 3 is a policy-validation plugin: error-level findings fail `cdk synth`.
  Validations.of(app).addPlugins(new SayyaraNagChecks(app));
  return stacks;
}
