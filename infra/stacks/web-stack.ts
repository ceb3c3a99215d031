import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Aws, CfnOutput, Duration, Fn, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  OriginSslPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership, type IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import { buildViewerRequestCode } from '../edge/viewer-request-code';
import {
  HSTS_MAX_AGE_SECONDS,
  PERMISSIONS_POLICY,
  REFERRER_POLICY,
  contentSecurityPolicy,
} from '../edge/security-headers';
import { REPO_ROOT } from './lambda';
import { ORIGIN_HEADER } from '../../shared/routes/types';
import { cloudFrontAclArn } from './waf';
import { logLifecycle } from './storage-stack';
import { BUCKET_RETENTION } from '../table-definition';

export interface WebStackProps extends StackProps {
  /** Browsers PUT/GET presigned URLs on this bucket directly, so the CSP must allow it. */
  documentsBucket: IBucket;
  /** The built app; deployed only when the folder exists at synth time. Defaults to web/dist. */
  webDistPath?: string;
  priceClass?: PriceClass;
  /** The SSM parameter (us-east-1) holding the CloudFront web ACL's ARN (EdgeWafStack); no ACL without it. */
  webAclArnParameter?: string;
}

/**
 * One origin for the browser: the React app from a private bucket (OAC) and /api/* passed
 * through to the HTTP API, so the app needs no CORS and cookies/tokens stay first-party.
 */
export class WebStack extends Stack {
  /**
   * The HTTP API resource itself (its stage, routes and Lambdas are the Api stack's). It lives
   * here so that the Api and Jobs stacks can depend on this one: their Lambdas get the app URL
   * (APP_URL, links in emails and PDFs) from this distribution, while the distribution needs the
   * API's domain; with the API in the Api stack the two stacks would depend on each other.
   */
  readonly httpApi: HttpApi;
  /**
   * The value CloudFront adds to every API request (ORIGIN_HEADER), which the API Lambdas require
   * (functions/lib/request-guards.ts assertThroughApp), so the execute-api address, which WAF cannot guard, answers
   * nobody directly. It is this stack's own id (a random UUID AWS gives the stack), known inside the account only;
   * replacing the stack changes it on both sides in one deploy.
   */
  readonly originSecret: string;
  readonly siteBucket: Bucket;
  readonly distribution: Distribution;
  readonly viewerRequestFunction: CloudFrontFunction;
  readonly responseHeadersPolicy: ResponseHeadersPolicy;
  readonly deployed: boolean;

  /** The app's public URL: https:// and the distribution's domain (a custom domain overrides it in the app). */
  get appUrl(): string {
    return `https://${this.distribution.distributionDomainName}`;
  }

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);

    this.httpApi = new HttpApi(this, 'HttpApi', {
      apiName: 'sayyara',
      description: 'Sayyara API (reached through CloudFront /api/*)',
      // The Api stack creates the stage (throttling and access logs) and the routes.
      createDefaultStage: false,
    });

    // CloudFront standard logs are written with ACLs, so this bucket cannot enforce owner-only objects.
    const logsBucket = new Bucket(this, 'Logs', {
      encryption: BucketEncryption.S3_MANAGED,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      enforceSSL: true,
      versioned: true,
      lifecycleRules: logLifecycle(),
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.siteBucket = new Bucket(this, 'Site', {
      encryption: BucketEncryption.S3_MANAGED,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      enforceSSL: true,
      serverAccessLogsBucket: logsBucket,
      serverAccessLogsPrefix: 'site/',
      // Versioned like every bucket: a bad deploy's overwritten files can be brought back for a
      // while (web/dist is rebuildable, so they need not be kept long).
      versioned: true,
      lifecycleRules: [
        {
          id: 'noncurrent-versions',
          noncurrentVersionExpiration: Duration.days(BUCKET_RETENTION.logNoncurrentVersionDays),
          abortIncompleteMultipartUploadAfter: Duration.days(BUCKET_RETENTION.incompleteUploadDays),
        },
      ],
      // The bucket only ever holds a rebuildable copy of web/dist.
      removalPolicy: RemovalPolicy.DESTROY,
    });

    this.viewerRequestFunction = new CloudFrontFunction(this, 'ViewerRequest', {
      comment: 'Sayyara: redirect table and SPA fallback',
      code: FunctionCode.fromInline(buildViewerRequestCode()),
      runtime: FunctionRuntime.JS_2_0,
    });

    // The execute-api endpoint is https://{id}.execute-api.{region}.amazonaws.com; CloudFront wants the host.
    const apiDomain = Fn.select(2, Fn.split('/', this.httpApi.apiEndpoint));
    // arn:aws:cloudformation:{region}:{account}:stack/{name}/{uuid}: the UUID.
    this.originSecret = Fn.select(2, Fn.split('/', this.stackId));
    const documentsOrigin = `https://${props.documentsBucket.bucketRegionalDomainName}`;
    // The app calls the API at its own origin (/api/*), never at execute-api, which answers nobody directly.
    const csp = contentSecurityPolicy({
      documents: documentsOrigin,
      connect: [`https://maps.geo.${Aws.REGION}.amazonaws.com`],
    });

    this.responseHeadersPolicy = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Sayyara security headers',
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: csp, override: true },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.seconds(HSTS_MAX_AGE_SECONDS),
          includeSubdomains: true,
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: REFERRER_POLICY as HeadersReferrerPolicy, override: true },
      },
      customHeadersBehavior: {
        customHeaders: [{ header: 'Permissions-Policy', value: PERMISSIONS_POLICY, override: true }],
      },
    });

    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'Sayyara web app and API',
      webAclId: props.webAclArnParameter ? cloudFrontAclArn(this, props.webAclArnParameter) : undefined,
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: props.priceClass ?? PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: logsBucket,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.siteBucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: this.responseHeadersPolicy,
        compress: true,
        functionAssociations: [{ function: this.viewerRequestFunction, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        '/api/*': {
          origin: new HttpOrigin(apiDomain, {
            protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
            originSslProtocols: [OriginSslPolicy.TLS_V1_2],
            customHeaders: { [ORIGIN_HEADER]: this.originSecret },
          }),
          // A redirect would turn a POST into a GET; refuse plain HTTP instead.
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          // Everything but Host (API Gateway routes on its own host name); with caching disabled
          // this policy also forwards Authorization.
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: this.responseHeadersPolicy,
        },
      },
    });

    new CfnOutput(this, 'AppUrl', { value: this.appUrl, description: 'The app (and /api/*)' });
    new CfnOutput(this, 'SiteBucketName', { value: this.siteBucket.bucketName });

    const dist = props.webDistPath ?? join(REPO_ROOT, 'web', 'dist');
    this.deployed = existsSync(join(dist, 'index.html'));
    if (this.deployed) {
      // Hashed bundles never change under one name: cache them for a year, and keep old ones so
      // a browser still running the previous release can lazy-load its chunks.
      new BucketDeployment(this, 'DeployAssets', {
        sources: [Source.asset(dist)],
        destinationBucket: this.siteBucket,
        exclude: ['*'],
        include: ['assets/*'],
        cacheControl: [CacheControl.fromString('public, max-age=31536000, immutable')],
        prune: false,
        memoryLimit: 512,
      });
      // index.html, the service worker and the manifest must be revalidated on every visit.
      new BucketDeployment(this, 'DeployShell', {
        sources: [Source.asset(dist, { exclude: ['assets/*'] })],
        destinationBucket: this.siteBucket,
        exclude: ['assets/*'],
        cacheControl: [CacheControl.noCache()],
        distribution: this.distribution,
        distributionPaths: ['/*'],
        memoryLimit: 512,
      });
    }
  }
}
