/**
 * Reverse lookup of a message catalogue: English message → its key, so the web can translate a schema's or the
 * server's English field error. Marked free of side effects, so a bundle that never reads the lookup (every
 * Lambda) drops it, and with it the catalogue when nothing else uses it: a top-level `Object.fromEntries(…)` call
 * would otherwise stay in every bundle that imports one helper from the same file.
 */
/* @__NO_SIDE_EFFECTS__ */
export function messageKeysOf<K extends string>(...catalogues: Record<K, string>[]): Record<string, K> {
  const keys: Record<string, K> = {};
  for (const catalogue of catalogues) for (const [k, v] of Object.entries(catalogue) as [K, string][]) keys[v] = k;
  return keys;
}
