import { describe, expect, it } from 'vitest';
import { svrlFailures } from './einvoicing-validate';

describe('SVRL failures', () => {
  it('reads flag, rule id and text of each failed assertion (no flag counts as error)', () => {
    const svrl = `<svrl:schematron-output xmlns:svrl="http://purl.oclc.org/dsdl/svrl">
      <svrl:fired-rule context="cbc:ID"/>
      <svrl:failed-assert flag="warning" id="BR-S-08" test="x" location="/a"><svrl:text>[BR-S-08]-Taxable &amp;
        amounts</svrl:text></svrl:failed-assert>
      <svrl:failed-assert id="BR-CO-14" location="/b"><svrl:text>[BR-CO-14]-VAT &lt;total&gt;</svrl:text></svrl:failed-assert>
    </svrl:schematron-output>`;
    expect(svrlFailures(svrl)).toEqual([
      { flag: 'warning', id: 'BR-S-08', text: '[BR-S-08]-Taxable & amounts' },
      { flag: 'error', id: 'BR-CO-14', text: '[BR-CO-14]-VAT <total>' },
    ]);
    expect(svrlFailures('<svrl:schematron-output/>')).toEqual([]);
  });
});
