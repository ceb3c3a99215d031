import { insights as catalog } from '../../shared/i18n/insights';
import { catalogTranslator, insightText } from '../../shared/insights/text';
import type { InsightDraft } from './rules';

const english = catalogTranslator(catalog.en as unknown as Record<string, unknown>, 'insights');

/** The insight's English title and explanation, stored with it (the web shows the reader's language). */
export function englishText(d: Pick<InsightDraft, 'rule' | 'params'>, currency: string) {
  const fmt = new Intl.NumberFormat('en', { style: 'currency', currency });
  return insightText(english, d.rule, d.params, (n) => fmt.format(n));
}
