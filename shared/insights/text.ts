import type { InsightRule } from '../schemas/insights';

/**
 * An insight's title and explanation in one language: the catalog texts (shared/i18n/insights.ts
 * rules.{rule}) filled with the insight's params. Params named amount* are decimal amounts shown
 * with `money`; `direction` and `weekday` are words of the catalog. Used by the server (English,
 * stored with the insight) and by the web (the reader's language).
 */
export type Translate = (key: string, params?: Record<string, string>) => string;

export function insightParams(
  t: Translate,
  params: Record<string, string>,
  money: (amount: number) => string,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(params)) {
    if (k.startsWith('amount')) out[k] = money(Number(v));
    else if (k === 'direction') out[k] = t(`insights.direction.${v}`);
    else if (k === 'weekday') out[k] = t(`insights.weekdays.${v}`);
    else if (k === 'category') {
      const key = `insights.vehicleCategory.${v}`;
      const word = t(key);
      out[k] = word === key ? v : word;
    } else out[k] = v;
  }
  return out;
}

export function insightText(
  t: Translate,
  rule: InsightRule,
  params: Record<string, string>,
  money: (amount: number) => string,
) {
  const p = insightParams(t, params, money);
  return { title: t(`insights.rules.${rule}.title`, p), explanation: t(`insights.rules.${rule}.body`, p) };
}

/** `{{name}}` placeholders filled from a dictionary path (the server's English text, no i18n library). */
export function catalogTranslator(dict: Record<string, unknown>, area: string): Translate {
  return (key, params = {}) => {
    const path = key.startsWith(`${area}.`) ? key.slice(area.length + 1) : key;
    const value = path
      .split('.')
      .reduce<unknown>(
        (node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined),
        dict,
      );
    if (typeof value !== 'string') return key;
    return value.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => params[name] ?? '');
  };
}
