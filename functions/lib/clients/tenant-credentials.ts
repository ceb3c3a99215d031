import type { AwsCredentialIdentity } from '@aws-sdk/types';

/**
 * Credentials of the tenant-scoped role (infra/stacks/tenant-role.ts) for one company: STS AssumeRole with the
 * tenant as the session tag `tenantId`, which the role's policy reads as `${aws:PrincipalTag/tenantId}`.
 *
 * Cached per warm Lambda: each company's session is assumed once and reused until 20 minutes before it expires
 * (sessions last an hour), so a request pays the STS round trip only on a container's first request for that
 * company and about every 40 minutes after. A failed AssumeRole is not cached (the next call tries again).
 * The STS SDK loads on first use: only the cloud needs it (locally TENANT_ROLE_ARN is unset and nothing is
 * assumed), and it stays out of every handler's cold start.
 */
export const SESSION_SECONDS = 3600;
export const REFRESH_BEFORE_MS = 20 * 60_000;
export const TENANT_TAG = 'tenantId';

type Assume = (tenantId: string) => Promise<AwsCredentialIdentity>;

let stsAssume: Assume | undefined;

function defaultAssume(roleArn: string): Assume {
  return async (tenantId) => {
    const { STSClient, AssumeRoleCommand } = await import('@aws-sdk/client-sts');
    const sts = new STSClient({ region: process.env.AWS_REGION, maxAttempts: 3 });
    stsAssume = async (id) => {
      const res = await sts.send(
        new AssumeRoleCommand({
          RoleArn: roleArn,
          RoleSessionName: `tenant-${id}`,
          DurationSeconds: SESSION_SECONDS,
          Tags: [{ Key: TENANT_TAG, Value: id }],
        }),
      );
      const c = res.Credentials;
      if (!c?.AccessKeyId || !c.SecretAccessKey) throw new Error('AssumeRole answered no credentials');
      return {
        accessKeyId: c.AccessKeyId,
        secretAccessKey: c.SecretAccessKey,
        sessionToken: c.SessionToken,
        expiration: c.Expiration,
      };
    };
    return stsAssume(tenantId);
  };
}

const cache = new Map<string, Promise<AwsCredentialIdentity>>();
/** A container serves a bounded number of companies; past this the oldest sessions are forgotten. */
const MAX_TENANTS = 500;

const fresh = (c: AwsCredentialIdentity, now: number) =>
  !c.expiration || c.expiration.getTime() - now > REFRESH_BEFORE_MS;

/** The credential provider a company's scoped clients sign with. */
export function tenantCredentials(roleArn: string, tenantId: string, now: () => number = Date.now) {
  return async (): Promise<AwsCredentialIdentity> => {
    const cached = cache.get(tenantId);
    if (cached) {
      const c = await cached.catch(() => undefined);
      if (c && fresh(c, now())) return c;
    }
    const assume = stsAssume ?? defaultAssume(roleArn);
    const pending = assume(tenantId);
    if (cache.size >= MAX_TENANTS) cache.delete(cache.keys().next().value as string);
    cache.set(tenantId, pending);
    pending.catch(() => cache.get(tenantId) === pending && cache.delete(tenantId));
    return pending;
  };
}

/** Tests: replace STS (or go back to it with undefined) and forget every cached session. */
export function setAssumeRoleForTests(fn: Assume | undefined): void {
  stsAssume = fn;
  cache.clear();
}
