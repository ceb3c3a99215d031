import { describe, expect, it } from 'vitest';
import { refusalText } from './RecordForms';

describe('the refusal shown in a maintenance dialog (issue 26)', () => {
  it('says the reason and the messages of fields the form has no input for, once each', () => {
    const text = refusalText(
      {
        message: "Unknown VAT code for this company's region",
        fields: {
          'lines.1.vatCode': "Unknown VAT code for this company's region",
          vatAmount: 'VAT cannot exceed the cost',
          date: 'Locked (2026-11-29)',
        },
      },
      ['vatAmount'],
    );
    expect(text).toBe("Unknown VAT code for this company's region — Locked (2026-11-29)");
  });
  it('a plain failure is its message', () => {
    expect(refusalText({ message: 'Something went wrong', fields: {} }, [])).toBe('Something went wrong');
  });
});
