/**
 * Runtime configuration from the environment. In AWS the endpoints are unset and the SDK uses
 * the real services; locally infra/local sets them to the emulators.
 */
export interface RuntimeConfig {
  region: string;
  tableName: string;
  documentsBucket: string;
  userPoolId: string;
  userPoolClientId: string;
  sesFromAddress: string;
  endpoints: { dynamodb?: string; cognito?: string; s3?: string; ses?: string };
  /** Public base URL of S3 presigned links (local s3rver vs AWS). */
  isLocal: boolean;
  /** PayTabs API base (the sandbox emulator locally; the company's PayTabs region endpoint in the cloud). */
  paytabsBaseUrl: string;
  /** ZATCA Fatoora API base (the emulator locally; ZATCA's developer-portal sandbox unless set). */
  zatcaBaseUrl: string;
  /** The UAE accredited service provider's API (e-invoicing, PINT AE): the access-point emulator locally. */
  uaeAspBaseUrl: string;
  /** Jordan's JoFotara API (the ISTD's e-invoicing portal): its emulator locally. */
  jofotaraBaseUrl: string;
  /**
   * Base64 of the 32-byte AES-256-GCM key that envelopes the e-invoicing secrets (ZATCA device key, CSID
   * secrets) before they are stored (functions/einvoicing/secrets.ts). In AWS it comes from an SSM SecureString
   * parameter into the Lambda's environment; locally infra/local/env.ts sets a fixed development key.
   */
  einvoicingSecretsKey: string;
  /** The app's public origin (browser return pages and gateway callbacks reach the API under it). */
  webOrigin: string;
  /** The value CloudFront adds to every API request (functions/lib/request-guards.ts assertThroughApp); '' = off. */
  originSecret: string;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): RuntimeConfig {
  return {
    region: env.AWS_REGION ?? 'us-east-1',
    tableName: env.TABLE_NAME ?? 'sayyara',
    documentsBucket: env.DOCUMENTS_BUCKET ?? 'sayyara-documents',
    userPoolId: env.USER_POOL_ID ?? '',
    userPoolClientId: env.USER_POOL_CLIENT_ID ?? '',
    sesFromAddress: env.SES_FROM_ADDRESS ?? 'no-reply@sayyara.local',
    endpoints: {
      dynamodb: env.DYNAMODB_ENDPOINT || undefined,
      cognito: env.COGNITO_ENDPOINT || undefined,
      s3: env.S3_ENDPOINT || undefined,
      ses: env.SES_ENDPOINT || undefined,
    },
    isLocal: env.SAYYARA_LOCAL === '1',
    paytabsBaseUrl: (env.PAYTABS_BASE_URL || 'https://secure.paytabs.com').replace(/\/$/, ''),
    zatcaBaseUrl: (env.ZATCA_BASE_URL || 'https://gw-fatoora.zatca.gov.sa/e-invoicing/developer-portal').replace(
      /\/$/,
      '',
    ),
    uaeAspBaseUrl: (env.UAE_ASP_BASE_URL || 'https://api.storecove.com').replace(/\/$/, ''),
    jofotaraBaseUrl: (env.JOFOTARA_BASE_URL || 'https://backend.jofotara.gov.jo').replace(/\/$/, ''),
    einvoicingSecretsKey: env.EINVOICING_SECRETS_KEY ?? '',
    webOrigin: (env.WEB_ORIGIN ?? '').split(',')[0].trim().replace(/\/$/, ''),
    originSecret: env.ORIGIN_SECRET ?? '',
  };
}

let cached: RuntimeConfig | undefined;
export function config(): RuntimeConfig {
  cached ??= readConfig();
  return cached;
}
/** Tests and the local runner change the environment before first use; this forgets the cache. */
export function resetConfigCache(): void {
  cached = undefined;
}
