import type { RefObject } from 'react';
import { toast } from './toast';
import { Button } from './button';
import { useT } from '../../i18n/use-t';
import { uiMessages } from './messages';

/** Copies text; falls back to selecting the field so the person can copy it themselves. */
export async function copyText(text: string, field: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    field?.focus();
    field?.select();
    return false;
  }
}

/**
 * "Copy" for the read-only field showing `text`: says "<name> copied.", or, where the browser
 * refuses the clipboard, selects the field and says how to copy it by hand.
 */
export function CopyButton({
  text,
  fieldRef,
  name,
  noun,
}: {
  /** Nothing to copy yet (still loading): the button is disabled. */
  text: string | undefined;
  fieldRef: RefObject<HTMLInputElement | null>;
  /** What is copied, as the start of a sentence, e.g. "API token". */
  name: string;
  /** The same in a word, e.g. "token": "… to copy the selected token." */
  noun: string;
}) {
  const t = useT(uiMessages);
  const tu = useT(uiMessages);
  const copy = async () => {
    if (!text) return;
    if (await copyText(text, fieldRef.current)) toast.success(t('copy.done', { name }));
    else toast.info(t('copy.manual', { noun }));
  };
  return (
    <Button variant="secondary" onClick={() => void copy()} disabled={!text}>
      {tu('action.copy')}
    </Button>
  );
}
