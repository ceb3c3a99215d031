import { AsyncLocalStorage } from 'node:async_hooks';

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

const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

export function runAsTenant<T>(tenantId: string, fn: () => Promise<T>): Promise<T> {
  if (!ULID.test(tenantId)) return Promise.reject(new Error('A tenant scope needs a tenant id'));
  return storage.run({ kind: 'tenant', tenantId }, fn);
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
export const tenantObjectPrefix = (tenantId: string) => `tenants/${tenantId}/`;

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

/**
 * The partition keys (`dynamodb:LeadingKeys`) one DynamoDB request addresses, as IAM evaluates them: the key or
 * item of a single-item call, every item of a transaction or batch, the partition of a Query (on an index: the
 * index's partition key, which for tenant indexes starts with the same `T#{tenant}#`). `undefined` for a request
 * with no key to check (Scan, DescribeTable): the scoped role is not allowed those at all.
 */
export function leadingKeys(command: string, input: Rec): (string | undefined)[] | undefined {
  switch (command) {
    case 'GetItemCommand':
    case 'GetCommand':
    case 'DeleteItemCommand':
    case 'DeleteCommand':
    case 'UpdateItemCommand':
    case 'UpdateCommand':
      return [pkOf(input.Key)];
    case 'PutItemCommand':
    case 'PutCommand':
      return [pkOf(input.Item)];
    case 'QueryCommand':
      return [queryPartition(input)];
    case 'BatchGetItemCommand':
    case 'BatchGetCommand':
      return Object.values((input.RequestItems ?? {}) as Record<string, { Keys?: unknown[] }>).flatMap((t) =>
        (t.Keys ?? []).map(pkOf),
      );
    case 'BatchWriteItemCommand':
    case 'BatchWriteCommand':
      return Object.values((input.RequestItems ?? {}) as Record<string, Rec[]>).flatMap((reqs) =>
        reqs.map((r) => pkOf((r.PutRequest as Rec | undefined)?.Item ?? (r.DeleteRequest as Rec | undefined)?.Key)),
      );
    case 'TransactWriteItemsCommand':
    case 'TransactWriteCommand':
      return ((input.TransactItems ?? []) as Rec[]).map((it) => {
        const [op, body] = Object.entries(it)[0] ?? [];
        return op === 'Put' ? pkOf((body as Rec).Item) : pkOf((body as Rec | undefined)?.Key);
      });
    case 'TransactGetItemsCommand':
    case 'TransactGetCommand':
      return ((input.TransactItems ?? []) as Rec[]).map((it) => pkOf((it.Get as Rec | undefined)?.Key));
    default:
      return undefined;
  }
}

/** Throws as IAM would when any partition key of the request is not the company's (or none can be checked). */
export function assertLeadingKeys(tenantId: string, command: string, input: Rec): void {
  const pks = leadingKeys(command, input);
  const prefix = tenantKeyPrefix(tenantId);
  if (!pks) throw new TenantScopeError(`${command} is not allowed to the tenant-scoped role`);
  const outside = pks.find((pk) => !pk?.startsWith(prefix));
  if (pks.length === 0 || outside !== undefined || pks.includes(undefined)) {
    throw new TenantScopeError(`${command} on a key outside the company (${String(outside).slice(0, 32)})`);
  }
}

/** Throws as IAM would when an S3 call names an object outside the company's prefix. */
export function assertObjectKey(tenantId: string, command: string, input: Rec): void {
  const inside = (key: unknown) =>
    typeof key === 'string' && key.startsWith(tenantObjectPrefix(tenantId)) && !key.includes('..');
  // A copy reads its source (`bucket/key`, URL-encoded) with the same rights: s3:GetObject on the source's ARN.
  const source =
    typeof input.CopySource === 'string' ? decodeURIComponent(input.CopySource).split('/').slice(1).join('/') : null;
  if (!inside(input.Key) || (source !== null && !inside(source))) {
    throw new TenantScopeError(`${command} on an object outside the company`);
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
