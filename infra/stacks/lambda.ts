import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AssetHashType, DockerImage, Duration, RemovalPolicy } from 'aws-cdk-lib';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Code, Function as LambdaFunction, Runtime } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { buildSync } from 'esbuild';
import { EINVOICING_KEY_USERS } from './access';
import { DOMAIN_ASSETS, LAMBDA_BUNDLE, type AssetTarget } from './bundling';

export { DOMAIN_ASSETS };

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

export const domainHandlerEntry = (domain: string): string => join(REPO_ROOT, 'functions', domain, 'handler.ts');
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
  /** The app's public origin: the only base of links in emails and PDFs (functions/lib/app-url.ts). */
  APP_URL: string;
  /** The tenant-scoped role (./tenant-role.ts) each company's data calls assume (functions/lib/clients). */
  TENANT_ROLE_ARN: string;
  /** API Lambdas only: the value CloudFront adds to each request (functions/lib/request-guards.ts). */
  ORIGIN_SECRET?: string;
  /** Only on EINVOICING_KEY_USERS (withEInvoicing): the e-invoicing secrets key's dynamic reference. */
  EINVOICING_SECRETS_KEY?: string;
  ZATCA_BASE_URL?: string;
}

export interface SayyaraFunctionProps {
  entry: string;
  environment: RuntimeEnvironment;
  description: string;
  timeout?: Duration;
  memorySize?: number;
  /**
   * Files and folders (relative to the repo root) copied beside the bundle, for files the code reads at
   * run time relative to the bundle, e.g. the PDF fonts: `{ 'functions/lib/pdf/fonts': 'fonts' }`, or only the
   * first lines of a text file (which domains need what: DOMAIN_ASSETS in ./bundling).
   */
  assets?: Record<string, AssetTarget>;
  /** A fixed physical name: a function that invokes itself (background tasks) builds its own ARN from it. */
  functionName?: string;
}

/**
 * Bundles a handler into `outputDir` with the repo's own esbuild (no Docker): index.mjs plus the
 * chunks of lazily imported modules (code splitting, which NodejsFunction's esbuild command cannot
 * do: it writes a single --outfile, so lazy imports such as the PDF module ended up inside the one
 * file every cold start loads), and the asset folders the code reads at run time.
 */
export function bundleHandler(entry: string, outputDir: string, assets: Record<string, AssetTarget> = {}): void {
  buildSync({
    entryPoints: { index: entry },
    outdir: outputDir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    platform: LAMBDA_BUNDLE.platform,
    format: LAMBDA_BUNDLE.format,
    target: LAMBDA_BUNDLE.target,
    mainFields: LAMBDA_BUNDLE.mainFields,
    minify: LAMBDA_BUNDLE.minify,
    external: LAMBDA_BUNDLE.external,
    banner: { js: LAMBDA_BUNDLE.banner },
    tsconfig: join(REPO_ROOT, 'tsconfig.json'),
    absWorkingDir: REPO_ROOT,
    logLevel: 'error',
  });
  for (const [from, to] of Object.entries(assets)) {
    if (typeof to === 'string') cpSync(join(REPO_ROOT, from), join(outputDir, to), { recursive: true });
    else
      writeFileSync(
        join(outputDir, to.file),
        firstLines(readFileSync(join(REPO_ROOT, from), 'latin1'), to.firstLines),
        'latin1',
      );
  }
}

/** The first `count` lines of a text, each with its line break. */
export function firstLines(text: string, count: number): string {
  let end = 0;
  for (let n = 0; n < count && end < text.length; n++) {
    const next = text.indexOf('\n', end);
    end = next === -1 ? text.length : next + 1;
  }
  return text.slice(0, end);
}

/**
 * One Lambda with the project's bundling rules (./bundling, shared with `npm run bench`): ESM so
 * that ESM-only dependencies (middy 6) bundle as written, a `require` shim for the CommonJS
 * packages esbuild leaves as dynamic requires, the AWS SDK v3 bundled and tree-shaken rather than
 * taken from the Node 22 runtime, and lazy chunks beside index.mjs (see bundleHandler).
 */
export function sayyaraFunction(scope: Construct, id: string, props: SayyaraFunctionProps): LambdaFunction {
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
  const code = Code.fromAsset(dirname(props.entry), {
    // The asset is the bundle: its hash follows what is deployed, not the source folder.
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      // Never pulled: local bundling always runs (and throws on a build error).
      image: DockerImage.fromRegistry('public.ecr.aws/sam/build-nodejs22.x'),
      local: {
        tryBundle(outputDir: string) {
          bundleHandler(props.entry, outputDir, props.assets);
          return true;
        },
      },
    },
  });
  return new LambdaFunction(scope, id, {
    role,
    code,
    handler: 'index.handler',
    description: props.description,
    runtime: Runtime.NODEJS_22_X,
    architecture: Architecture.ARM_64,
    memorySize: props.memorySize ?? 512,
    timeout: props.timeout ?? Duration.seconds(15),
    environment: { ...props.environment },
    logGroup,
    ...(props.functionName ? { functionName: props.functionName } : {}),
  });
}

/** Where e-invoicing Lambdas reach ZATCA, and the key that seals their secrets (EINVOICING_KEY_USERS only). */
export interface EInvoicingEnvironment {
  secretsKey?: ISecret;
  /** ZATCA's API base: production ("…/core") unless the cdk context `zatcaBaseUrl` says otherwise. */
  zatcaBaseUrl: string;
}

export const ZATCA_PRODUCTION_URL = 'https://gw-fatoora.zatca.gov.sa/e-invoicing/core';

/**
 * A Lambda's environment with EINVOICING_SECRETS_KEY and ZATCA_BASE_URL when it signs or submits e-invoices: the
 * key as a dynamic reference CloudFormation resolves at deploy time, so its value is in no template or asset.
 */
export function withEInvoicing(
  name: string,
  environment: RuntimeEnvironment,
  einvoicing: EInvoicingEnvironment | undefined,
): RuntimeEnvironment {
  if (!einvoicing?.secretsKey || !EINVOICING_KEY_USERS.has(name)) return environment;
  return {
    ...environment,
    EINVOICING_SECRETS_KEY: einvoicing.secretsKey.secretValue.unsafeUnwrap(),
    ZATCA_BASE_URL: einvoicing.zatcaBaseUrl,
  };
}
