import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { DOMAIN_ASSETS, LAMBDA_BUNDLE } from './bundling';

export { DOMAIN_ASSETS };

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

export const domainHandlerEntry = (domain: string): string =>
  join(REPO_ROOT, 'functions', domain, 'handler.ts');
export const jobHandlerEntry = (job: string): string => join(REPO_ROOT, 'functions', 'jobs', `${job}.ts`);

/** Construct ids from kebab-case names: overdue-rentals -> OverdueRentals. */
export const pascal = (name: string): string =>
  name.replace(/(^|[-_])([a-z])/g, (_m, _sep: string, c: string) => c.toUpperCase());

export const entryExists = (entry: string): boolean => existsSync(entry);

/** The runtime configuration every handler reads (functions/lib/config.ts). */
export interface RuntimeEnvironment {
  TABLE_NAME: string;
  DOCUMENTS_BUCKET: string;
  USER_POOL_ID: string;
  USER_POOL_CLIENT_ID: string;
  SES_FROM_ADDRESS: string;
}

export interface SayyaraFunctionProps {
  entry: string;
  environment: RuntimeEnvironment;
  description: string;
  timeout?: Duration;
  memorySize?: number;
  /**
   * Folders (relative to the repo root) copied beside the bundle, for files the code reads at
   * run time relative to the bundle, e.g. the PDF fonts: `{ 'functions/lib/pdf/fonts': 'fonts' }`
   * (which domains need what: DOMAIN_ASSETS in ./bundling).
   */
  assets?: Record<string, string>;
}

/**
 * One Lambda with the project's bundling rules: the repo's own esbuild (no Docker), ESM so that
 * ESM-only dependencies (middy 6) bundle as written, and a `require` shim for the CommonJS
 * packages esbuild leaves as dynamic requires. The AWS SDK v3 is bundled and tree-shaken rather
 * than taken from the Node 22 runtime: see ./bundling (shared with `npm run bench`) for why.
 */
export function sayyaraFunction(scope: Construct, id: string, props: SayyaraFunctionProps): NodejsFunction {
  // An explicit log group gives a bounded retention instead of Lambda's never-expiring default.
  const logGroup = new LogGroup(scope, `${id}Logs`, {
    retention: RetentionDays.ONE_MONTH,
    removalPolicy: RemovalPolicy.DESTROY,
  });
  // Instead of AWSLambdaBasicExecutionRole (logs on every log group in the account), the role
  // may write to this function's own log group and nothing else until grants are added.
  const role = new Role(scope, `${id}Role`, {
    assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
    description: `Runs ${props.description}`.slice(0, 1000),
  });
  role.addToPolicy(
    new PolicyStatement({ actions: ['logs:CreateLogStream', 'logs:PutLogEvents'], resources: [logGroup.logGroupArn] }),
  );
  return new NodejsFunction(scope, id, {
    role,
    entry: props.entry,
    handler: 'handler',
    description: props.description,
    runtime: Runtime.NODEJS_22_X,
    architecture: Architecture.ARM_64,
    memorySize: props.memorySize ?? 512,
    timeout: props.timeout ?? Duration.seconds(15),
    environment: { ...props.environment },
    logGroup,
    projectRoot: REPO_ROOT,
    depsLockFilePath: join(REPO_ROOT, 'package-lock.json'),
    bundling: {
      forceDockerBundling: false,
      format: OutputFormat.ESM,
      target: LAMBDA_BUNDLE.target,
      mainFields: LAMBDA_BUNDLE.mainFields,
      minify: LAMBDA_BUNDLE.minify,
      externalModules: LAMBDA_BUNDLE.external,
      sourceMap: false,
      banner: LAMBDA_BUNDLE.banner,
      tsconfig: join(REPO_ROOT, 'tsconfig.json'),
      ...(props.assets
        ? {
            commandHooks: {
              beforeBundling: () => [],
              beforeInstall: () => [],
              afterBundling: (_inputDir: string, outputDir: string) =>
                Object.entries(props.assets!).map(([from, to]) => `cp -r "${join(REPO_ROOT, from)}" "${join(outputDir, to)}"`),
            },
          }
        : {}),
    },
  });
}
