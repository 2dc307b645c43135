import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import MessageFormat from '@messageformat/core';
import type { Catalogue } from './namespace';
import {
  contractMessages,
  localizeMessage,
  setMessagesLocale,
  translateMessage,
} from './contract-messages';

/** A catalogue of compiled messages, as the build and the server make them. */
function compiled(locale: string, messages: Record<string, string>): Catalogue {
  const mf = new MessageFormat(locale);
  return Object.fromEntries(Object.entries(messages).map(([key, text]) => [key, mf.compile(text)]));
}

describe('contract messages in the shown language (English is the key)', () => {
  it('translates an exact English message and leaves other text alone', () => {
    const es = compiled('es', { 'Drive Name is required!': '¡El nombre es obligatorio!' });
    expect(translateMessage('Drive Name is required!', es)).toBe('¡El nombre es obligatorio!');
    expect(translateMessage('Something new.', es)).toBe('Something new.');
    expect(translateMessage('¡Ya traducido!', es)).toBe('¡Ya traducido!');
  });

  it('matches a filled-in template and refills it, numbers as numbers', () => {
    const hi = compiled('hi', {
      'Only {available} saplings are left in this stock; please reserve fewer.':
        'इस स्टॉक में केवल {available, plural, one {# पौधा} other {# पौधे}} बचे हैं।',
      'Please wait {minutes} minutes (a.k.a. [later]) and try again.':
        '{minutes} मिनट बाद फिर कोशिश करें।',
    });
    expect(
      translateMessage('Only 1,234 saplings are left in this stock; please reserve fewer.', hi),
    ).toBe('इस स्टॉक में केवल 1,234 पौधे बचे हैं।');
    expect(translateMessage('Please wait 12 minutes (a.k.a. [later]) and try again.', hi)).toBe(
      '12 मिनट बाद फिर कोशिश करें।',
    );
    expect(translateMessage('Please wait minutes and try again.', hi)).toBe(
      'Please wait minutes and try again.',
    );
  });
});

describe('localizeMessage (the API client and toasts)', () => {
  it('is English until another language is shown, then that language once it has arrived', async () => {
    const spanish = (
      JSON.parse(
        readFileSync(new URL('../../locales/es/contract.json', import.meta.url), 'utf8'),
      ) as Record<string, string>
    )['Drive Name is required!'];
    expect(localizeMessage('Drive Name is required!')).toBe('Drive Name is required!');
    setMessagesLocale('es');
    await contractMessages.load('es');
    expect(localizeMessage('Drive Name is required!')).toBe(spanish);
    expect(spanish).not.toBe('Drive Name is required!');
    setMessagesLocale('en');
    expect(localizeMessage('Drive Name is required!')).toBe('Drive Name is required!');
  });
});
