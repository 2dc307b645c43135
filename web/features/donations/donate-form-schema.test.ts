import { describe, expect, it } from 'vitest';
import { DONATION_MESSAGES } from '../../../contract/donations';
import {
  donateFormSchema,
  EMPTY_DONATE_FORM,
  toMinorUnits,
  toTreeCount,
} from './donate-form-schema';
import { OPTIONS } from './test-data';

describe('donate form values', () => {
  it('reads amounts in major units as minor units of the currency', () => {
    expect(toMinorUnits('25', 'USD')).toBe(2500);
    expect(toMinorUnits(' 1,250.5 ', 'USD')).toBe(125050);
    expect(toMinorUnits('.99', 'USD')).toBe(99);
    expect(toMinorUnits('500', 'JPY')).toBe(500);
    expect(toMinorUnits('', 'USD')).toBeUndefined();
    expect(toMinorUnits('ten', 'USD')).toBeNaN();
    expect(toMinorUnits('-5', 'USD')).toBeNaN();
  });

  it('reads whole trees only', () => {
    expect(toTreeCount('3')).toBe(3);
    expect(toTreeCount(' ')).toBeUndefined();
    expect(toTreeCount('2.5')).toBeNaN();
  });

  it('turns valid values into the request and checks them with the server options', () => {
    const schema = donateFormSchema(OPTIONS);
    const values = {
      ...EMPTY_DONATE_FORM,
      choice: 'trees:other',
      trees: '4',
      category: 'Land',
      driveId: 'd-1',
    };
    expect(schema.parse(values)).toEqual({
      kind: 'trees',
      trees: 4,
      driveId: 'd-1',
      category: 'Land',
      anonymous: false,
    });
    // A tile gives its number; no category is needed.
    expect(schema.parse({ ...EMPTY_DONATE_FORM, choice: 'cash:25' })).toEqual({
      kind: 'cash',
      amount: 2500,
      driveId: null,
      anonymous: false,
    });
    const tooMany = schema.safeParse({ ...values, trees: '1001' });
    expect(tooMany.error?.issues).toEqual([
      expect.objectContaining({ path: ['trees'], message: DONATION_MESSAGES.treesRange(1000) }),
    ]);
    const blank = schema.safeParse({ ...values, choice: 'cash:other', amount: '' });
    expect(blank.error?.issues).toEqual([
      expect.objectContaining({ path: ['amount'], message: DONATION_MESSAGES.amountRequired }),
    ]);
    const tooLong = schema.safeParse({ ...values, message: 'x'.repeat(501) });
    expect(tooLong.error?.issues).toEqual([
      expect.objectContaining({ path: ['message'], message: DONATION_MESSAGES.messageTooLong }),
    ]);
    // A tile's problem shows at the tiles: free saplings take no donation.
    const free = donateFormSchema({ ...OPTIONS, treePrice: 0 }).safeParse(EMPTY_DONATE_FORM);
    expect(free.error?.issues).toEqual([
      expect.objectContaining({ path: ['choice'], message: DONATION_MESSAGES.freeSaplings }),
    ]);
  });
});
