import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from '../config';
import { clientConfig, configured } from './client-config';
import {
  assertLeadingKeys,
  lazyTenantCredentials,
  currentTenant,
  scopeMiddleware,
  tenantKeyPrefix,
  TenantScopeError,
} from './tenant-scope';

/**
 * One client per service per process (Lambda containers reuse them across invocations). Each
 * service has its own module so a domain loads only the SDK clients it uses: importing them all
 * cost every handler ~0.9 s of cold-start import time. Locally the emulators accept any key.
 */
let client: DynamoDBDocumentClient | undefined;

const DOC_OPTIONS = { marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false } };

/** The client with the Lambda's own role: platform (G#) items and work outside a tenant scope (see dynamoFor). */
export function dynamo(): DynamoDBDocumentClient {
  if (!client) {
    const base = configured(new DynamoDBClient(clientConfig(config().endpoints.dynamodb)), 'dynamodb');
    client = DynamoDBDocumentClient.from(base, DOC_OPTIONS);
  }
  return client;
}

/**
 * One company's scoped client (./tenant-scope), cached per warm Lambda. In AWS (TENANT_ROLE_ARN set) it signs
 * with the tenant-scoped role assumed for that company; locally the same client is built with the emulator's key
 * (nothing to assume). Both carry the leading-keys check of the role's policy.
 */
const scoped = new Map<string, DynamoDBDocumentClient>();
const scopedTenant = new WeakMap<object, string>();
const MAX_SCOPED = 200;

export function tenantDynamo(tenantId: string): DynamoDBDocumentClient {
  let c = scoped.get(tenantId);
  if (!c) {
    const roleArn = process.env.TENANT_ROLE_ARN;
    const cfg = clientConfig(config().endpoints.dynamodb);
    const base = new DynamoDBClient(roleArn ? { ...cfg, credentials: lazyTenantCredentials(roleArn, tenantId) } : cfg);
    const wall = scopeMiddleware((command, input) => assertLeadingKeys(tenantId, command, input));
    base.middlewareStack.add(wall.middleware as never, wall.options);
    c = DynamoDBDocumentClient.from(configured(base, 'dynamodb'), DOC_OPTIONS);
    if (scoped.size >= MAX_SCOPED) scoped.delete(scoped.keys().next().value as string);
    scoped.set(tenantId, c);
    scopedTenant.set(c, tenantId);
  }
  return c;
}

/** The company a client is scoped to (undefined: the Lambda's own client). For tests and logs. */
export const scopedTenantOf = (c: object): string | undefined => scopedTenant.get(c);

/**
 * The client for a call on these partition keys. Inside a tenant scope: the company's scoped client, unless the
 * call touches a platform item (`G#…`: usernames, e-mails, the sub pointer, sessions, the tenant directory, the
 * job run records, the due indexes' shards), which only the Lambda's own role may; such a call may still carry
 * the company's own items (sign-up style transactions), and a key of ANOTHER company in it is refused here, as
 * the scoped role would refuse it. Outside a tenant scope (sign-in, public routes, a platform scope): the own role.
 */
export function dynamoFor(pks: readonly string[]): DynamoDBDocumentClient {
  const tenantId = currentTenant();
  if (!tenantId) return dynamo();
  if (pks.length > 0 && pks.every((pk) => pk.startsWith('T#'))) return tenantDynamo(tenantId);
  const prefix = tenantKeyPrefix(tenantId);
  const foreign = pks.find((pk) => pk.startsWith('T#') && !pk.startsWith(prefix));
  if (foreign) throw new TenantScopeError(`A platform call carries another company's key (${foreign.slice(0, 32)})`);
  return dynamo();
}
