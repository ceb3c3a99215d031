import { AsyncLocalStorage } from 'node:async_hooks';
import { isUlid } from '../data/keys';

/**
 * The second wall between companies (issue 31, DESIGN.md §6): the company a piece of work runs for.
 *
 * The handler stack opens a tenant scope for each authenticated request (the tenant of the caller's own user
 * item, never the request's body or path) and a fan-out job opens one per unit. Inside it every DynamoDB and S3
 * call on the company's items goes through that company's scoped client (./dynamo `dynamoFor`, ./s3
 * `s3ClientFor`): in AWS a client whose credentials come from the tenant-scoped IAM role, assumed with the
 * tenant as a session tag, so a key built for another company is refused by IAM whatever the code did.
 *
 * The scoped clients also carry `assertLeadingKeys` as middleware, the same rule as the role's policy
 * (`dynamodb:LeadingKeys` ForAllValues:StringLike `T#${tenant}#*`, S3 `tenants/${tenant}/*`): locally, where the
 * emulators enforce no IAM, the wall still stands and the integration suite runs against it; in AWS a breach is
 * refused before the call leaves the Lambda, with the same error name IAM would answer.
 *
 * A platform scope (`runAsPlatform`) is the explicit way out, for the operator's tools that work across companies
 * (the SUPERADMIN tenant console): their calls use the Lambda's own role.
 */
export type Scope = { kind: 'tenant'; tenantId: string } | { kind: 'platform' };

const storage = new AsyncLocalStorage<Scope>();

export function runAsTenant<T>(tenantId: string, fn: () => Promise<T>): Promise<T> {
  if (!isUlid(tenantId)) return Promise.reject(new Error('A tenant scope needs a tenant id'));
  return storage.run({ kind: 'tenant', tenantId }, fn);
}

/**
 * The public routes that act for one company without a signed-in user: the payment return page and the contract
 * signing link (tokens `{tenant}.{id}.{secret}`) and the gateway's callback (cart id `{tenant}.{payment}`). Their
 * work runs in the company the token names, opened before the token is checked: a forged token can then reach
 * only the company it names, which its check refuses anyway (404), never another. A token that names no company
 * (no ULID first) runs unscoped and is refused by that same check.
 */
export function runAsTokenTenant<T>(token: string | undefined, fn: () => Promise<T>): Promise<T> {
  const tenantId = String(token ?? '').split('.')[0] ?? '';
  return isUlid(tenantId) ? runAsTenant(tenantId, fn) : fn();
}

export function runAsPlatform<T>(fn: () => Promise<T>): Promise<T> {
  return storage.run({ kind: 'platform' }, fn);
}

/** The company the work in progress runs for (undefined outside a tenant scope). */
export function currentTenant(): string | undefined {
  const s = storage.getStore();
  return s?.kind === 'tenant' ? s.tenantId : undefined;
}

export const tenantKeyPrefix = (tenantId: string) => `T#${tenantId}#`;

/** What IAM answers a call its policy does not allow; the handler stack maps nothing onto it (a 500, logged). */
export class TenantScopeError extends Error {
  override name = 'AccessDeniedException';
  readonly $metadata = { httpStatusCode: 400 };
}

type Attr = unknown;
/** A key attribute's string value, marshalled (`{ S: '…' }`, at the wire) or not (the document client's input). */
const str = (v: Attr): string | undefined =>
  typeof v === 'string' ? v : v && typeof v === 'object' && 'S' in v ? String((v as { S: unknown }).S) : undefined;

type Rec = Record<string, unknown>;
const pkOf = (key: unknown): string | undefined => str((key as Rec | undefined)?.pk);

/** The partition key value a Query's key condition names (`#pk = :pk`, `gsi2pk = :pk`). */
function queryPartition(input: Rec): string | undefined {
  const m = /^\s*(#?\w+)\s*=\s*(:\w+)/.exec(String(input.KeyConditionExpression ?? ''));
  if (!m) return undefined;
  return str((input.ExpressionAttributeValues as Rec | undefined)?.[m[2]]);
}

/** Every `Key`/`Item` partition key in a request (transactions and batches hold one per item), at any depth. */
function collect(v: unknown, out: (string | undefined)[]): void {
  if (Array.isArray(v)) for (const x of v) collect(x, out);
  else if (v && typeof v === 'object')
    for (const [k, x] of Object.entries(v)) {
      if (k === 'Key' || k === 'Item') out.push(pkOf(x));
      else if (k === 'Keys' && Array.isArray(x))
        for (const key of x) out.push(pkOf(key)); // BatchGetItem
      // Values and a start key are not what the request addresses (a Query's start key holds the table's pk).
      else if (k !== 'ExpressionAttributeValues' && k !== 'ExclusiveStartKey') collect(x, out);
    }
}

/**
 * The partition keys (`dynamodb:LeadingKeys`) one DynamoDB request addresses, as IAM evaluates them: the key or
 * item of a single-item call, every item of a transaction or batch, the partition of a Query (on an index: the
 * index's partition key, which for tenant indexes starts with the same `T#{tenant}#`). `undefined` for a request
 * the scoped role is not allowed at all (Scan, PartiQL).
 */
export function leadingKeys(command: string, input: Rec): (string | undefined)[] | undefined {
  if (command.startsWith('Query')) return [queryPartition(input)];
  if (/^(Scan|Execute|BatchExecute)/.test(command)) return undefined;
  const out: (string | undefined)[] = [];
  collect(input, out);
  return out;
}

/** Throws as IAM would when any partition key of the request is not the company's (or it names none). */
export function assertLeadingKeys(tenantId: string, command: string, input: Rec): void {
  const pks = leadingKeys(command, input);
  const prefix = tenantKeyPrefix(tenantId);
  if (!pks) throw new TenantScopeError(`${command} is not allowed to the tenant-scoped role`);
  const outside = pks.find((pk) => !pk?.startsWith(prefix));
  if (pks.length === 0 || outside !== undefined || pks.includes(undefined)) {
    throw new TenantScopeError(`${command} on a key outside the company (${String(outside).slice(0, 32)})`);
  }
}

/** A client-level middleware that runs `check` on every command's input before it is signed and sent. */
export function scopeMiddleware(check: (command: string, input: Rec) => void) {
  return {
    middleware:
      (next: (args: unknown) => Promise<unknown>, context: { commandName?: string }) => async (args: unknown) => {
        check(context.commandName ?? '', (args as { input: Rec }).input);
        return next(args);
      },
    options: { step: 'initialize' as const, name: 'tenantScope', priority: 'high' as const },
  };
}

/** The scoped clients' credentials in AWS; the STS code (./tenant-credentials) loads on a company's first call. */
export const lazyTenantCredentials = (roleArn: string, tenantId: string) => async () =>
  (await import('./tenant-credentials')).tenantCredentials(roleArn, tenantId)();
