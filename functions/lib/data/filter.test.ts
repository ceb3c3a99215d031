import { describe, expect, it } from 'vitest';
import { FilterBuilder } from './filter';

describe('FilterBuilder', () => {
  it('ANDs conditions in order, names placeholders after the attribute, skips undefined and empty parts', () => {
    const f = new FilterBuilder()
      .eq('status', 'active')
      .eq('isVip', undefined)
      .containsAny('searchText', ['ali', '0501'])
      .containsAny('other', [])
      .where('', { '#unused': 'unused' }, { ':unused': 1 })
      .ne('isArchived', true)
      .build();
    expect(f).toEqual({
      expression:
        '#status = :status AND (contains(#searchText, :searchText0) OR contains(#searchText, :searchText1)) AND #isArchived <> :isArchived',
      names: { '#status': 'status', '#searchText': 'searchText', '#isArchived': 'isArchived' },
      values: { ':status': 'active', ':searchText0': 'ali', ':searchText1': '0501', ':isArchived': true },
    });
    expect(new FilterBuilder().eq('x', undefined).build()).toBeUndefined();
  });
});
