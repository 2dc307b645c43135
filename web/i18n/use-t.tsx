import { Fragment, use, useCallback, useMemo, type ReactNode } from 'react';
import { contractMessages, translateMessage } from './contract-messages';
import { useLocale } from './locale';
import type { MessageValues, Messages } from './namespace';

export type Translate<Key extends string> = (key: Key, values?: MessageValues) => string;

/**
 * `t(key, values)` in the current language for one namespace. English renders at once; another
 * language suspends once while its catalogue arrives (the switch runs in a transition, so the
 * page stays as it was). A key an in-progress catalogue lacks falls back to English.
 */
export function useT<Key extends string>(messages: Messages<Key>): Translate<Key> {
  const { locale } = useLocale();
  const catalogue = messages.ready(locale) ?? use(messages.load(locale));
  return useMemo(
    () => (key, values) => (catalogue[key] ?? messages.source[key])?.(values) ?? key,
    [catalogue, messages],
  );
}

/**
 * Translates English contract messages (a field's validation error, a server's answer) into the
 * current language; any other text passes through as it is.
 */
export function useContractMessage(): (text: string) => string {
  const { locale } = useLocale();
  const catalogue = contractMessages.ready(locale) ?? use(contractMessages.load(locale));
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
