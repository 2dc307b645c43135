import { Fragment, use, useCallback, useMemo, type ReactNode } from 'react';
import { SOURCE_LOCALE } from '../../contract/languages';
import { contractMessages, translateMessage } from './contract-messages';
import { useLocale } from './locale';
import type { Catalogue, MessageValues, Messages } from './namespace';

export type Translate<Key extends string> = (key: Key, values?: MessageValues) => string;

/**
 * `t(key, values)` in the current language for one namespace. English renders at once; another
 * language suspends once while its catalogue arrives (the switch runs in a transition, so the
 * page stays as it was). A key an in-progress catalogue lacks falls back to English.
 */
export function useT<Key extends string>(messages: Messages<Key>): Translate<Key> {
  const { locale } = useLocale();
  // Another language always goes through use() (a catalogue already here is a settled promise),
  // so a render retried after its catalogue arrived calls use() as the first attempt did.
  const catalogue = locale === SOURCE_LOCALE ? messages.source : use(messages.load(locale));
  return useMemo(
    () => (key, values) => (catalogue[key] ?? messages.source[key])?.(values) ?? key,
    [catalogue, messages],
  );
}

// English needs no contract catalogue: the text is the message.
const ENGLISH: Catalogue = {};

/**
 * Translates English contract messages (a field's validation error, a server's answer) into the
 * current language; any other text passes through as it is.
 */
export function useContractMessage(): (text: string) => string {
  const { locale } = useLocale();
  const catalogue = locale === SOURCE_LOCALE ? ENGLISH : use(contractMessages.load(locale));
  return useCallback((text: string) => translateMessage(text, catalogue), [catalogue]);
}

/**
 * Rich text: `<link>…</link>` in a translated message becomes the element `tags.link` makes of
 * its text, so translators can move a link inside the sentence.
 */
export function rich(text: string, tags: Record<string, (chunk: string) => ReactNode>): ReactNode {
  const parts: ReactNode[] = [];
  const pattern = /<(\w+)>(.*?)<\/\1>/gs;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const [whole, tag = '', chunk = ''] = match;
    if (match.index > last) parts.push(text.slice(last, match.index));
    const make = tags[tag];
    parts.push(<Fragment key={parts.length}>{make ? make(chunk) : chunk}</Fragment>);
    last = match.index + whole.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts.length === 1 ? parts[0] : parts;
}
