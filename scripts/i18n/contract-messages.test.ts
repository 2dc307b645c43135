import { describe, expect, it } from 'vitest';
import { SOURCE_LOCALE } from '../../contract/languages';
import { messageFile } from '../../server/lib/i18n';
import { contractMessages, looksShown } from './contract-messages';

describe("the contract's messages (English is the key)", () => {
  it('are all in locales/en/contract.json, and nothing else is (npm run i18n:contract)', async () => {
    const english = messageFile(SOURCE_LOCALE, 'contract');
    expect(Object.keys(english)).toEqual(await contractMessages());
    for (const [key, text] of Object.entries(english)) expect(text).toBe(key);
  });

  it('include the spec’s texts and leave out codes, keys and paths', async () => {
    const messages = await contractMessages();
    for (const text of [
      'Drive Name is required!',
      'Please wait {minutes} minutes before trying again.'.replace(
        'Please',
        'Too many checkouts were started. Please',
      ),
      'Only {available} saplings are left in this stock; please reserve fewer.',
      'Please sign in to continue.',
      'No response received from server.',
    ])
      expect(messages).toContain(text);
    for (const text of [
      'VALIDATION_FAILED',
      'needs-care',
      '/api/trees',
      'Idempotency-Key',
      'Point',
    ])
      expect(looksShown(text) && messages.includes(text)).toBe(false);
  });
});
