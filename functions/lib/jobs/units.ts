import type { Item } from '../data/repo';

/** The most due item keys one unit carries (a page of one company's due work, issue 30). */
export const UNIT_PAGE = 25;

/**
 * The units of a job whose companies can have many due items: the due index's pages (read ONCE, lazily)
 * grouped into pages of at most `size` keys of ONE company each. A company's keys wait until its page is
 * full (at most `size - 1` per company in memory), the rest are yielded when the index is read to its end.
 * `read` gives an index item's company and its key (undefined: not a due item, skipped); `includes` limits
 * the run (`ctx.includes`: onlyTenants) before anything is kept.
 */
export async function* companyPages<K>(
  pages: AsyncIterable<Item[]>,
  read: (item: Item) => { tenantId: string; key: K } | undefined,
  includes: (tenantId: string) => boolean,
  size = UNIT_PAGE,
): AsyncGenerator<{ tenantId: string; keys: K[] }> {
  const open = new Map<string, K[]>();
  for await (const page of pages) {
    for (const item of page) {
      const found = read(item);
      if (!found || !includes(found.tenantId)) continue;
      const keys = open.get(found.tenantId) ?? [];
      keys.push(found.key);
      open.set(found.tenantId, keys);
      if (keys.length >= size) {
        open.delete(found.tenantId);
        yield { tenantId: found.tenantId, keys };
      }
    }
  }
  for (const [tenantId, keys] of open) yield { tenantId, keys };
}

/** One unit per company found on any of `sources` (each company once, in the order found), limited by `includes`. */
export async function* companyUnits(
  sources: readonly (() => Promise<Iterable<string>>)[],
  includes: (tenantId: string) => boolean,
): AsyncGenerator<{ tenantId: string }> {
  const seen = new Set<string>();
  for (const source of sources) {
    for (const tenantId of await source()) {
      if (seen.has(tenantId) || !includes(tenantId)) continue;
      seen.add(tenantId);
      yield { tenantId };
    }
  }
}

/**
 * Does each key of a unit on its own (one failing does not stop the others) and throws at the end when one
 * failed, so the unit is retried: the keys already done are skipped then by their markers (idempotent).
 */
export async function eachKey<K>(keys: readonly K[], work: (key: K) => Promise<void>): Promise<void> {
  let failure: unknown;
  for (const key of keys) {
    try {
      await work(key);
    } catch (err) {
      failure ??= err;
    }
  }
  if (failure) throw failure;
}
