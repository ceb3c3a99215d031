import type { PageQuery } from './repo';

/**
 * Builds the FilterExpression of a list Query (DESIGN.md §5 lists: filters narrow one page, so a
 * filtered page may be short while `nextCursor` is set). Placeholders are named after the
 * attribute (`#status = :status`), conditions are ANDed in the order they are added.
 */
export class FilterBuilder {
  private readonly names: Record<string, string> = {};
  private readonly values: Record<string, unknown> = {};
  private readonly conditions: string[] = [];

  /** `attr = value` (skipped when value is undefined). */
  eq(attr: string, value: unknown): this {
    if (value === undefined) return this;
    return this.where(`#${attr} = :${attr}`, { [`#${attr}`]: attr }, { [`:${attr}`]: value });
  }

  /** `attr <> value`. */
  ne(attr: string, value: unknown): this {
    return this.where(`#${attr} <> :${attr}`, { [`#${attr}`]: attr }, { [`:${attr}`]: value });
  }

  /** `contains(attr, v)` for any of the variants (ORed); nothing when there are none. */
  containsAny(attr: string, variants: readonly string[]): this {
    if (variants.length === 0) return this;
    const values = Object.fromEntries(variants.map((v, i) => [`:${attr}${i}`, v]));
    const any = Object.keys(values)
      .map((p) => `contains(#${attr}, ${p})`)
      .join(' OR ');
    return this.where(variants.length > 1 ? `(${any})` : any, { [`#${attr}`]: attr }, values);
  }

  /** A condition written by hand with its own placeholders (an empty expression adds nothing). */
  where(expression: string, names: Record<string, string>, values: Record<string, unknown>): this {
    if (!expression) return this;
    Object.assign(this.names, names);
    Object.assign(this.values, values);
    this.conditions.push(expression);
    return this;
  }

  build(): PageQuery['filter'] {
    return this.conditions.length
      ? { expression: this.conditions.join(' AND '), names: this.names, values: this.values }
      : undefined;
  }
}
