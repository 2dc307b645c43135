import { useCallback, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { CloseIcon } from './icon';
import { Button } from './button';
import { useT } from '../../i18n/use-t';
import { uiMessages } from './messages';

/*
 * The app's global modal and right drawer are both native modal <dialog>s: the browser traps
 * focus, Escape closes them and the page behind is inert. This is what they share.
 */

/** Opens a native modal dialog (test DOMs without <dialog> support get the `open` attribute). */
function showDialog(dialog: HTMLDialogElement) {
  if (dialog.open) return;
  if (typeof dialog.showModal === 'function') dialog.showModal();
  else dialog.setAttribute('open', '');
}

function hideDialog(dialog: HTMLDialogElement) {
  if (!dialog.open) return;
  if (typeof dialog.close === 'function') dialog.close();
  else {
    dialog.removeAttribute('open');
    dialog.dispatchEvent(new Event('close'));
  }
}

/**
 * What a dialog shows (`shown`, null while closed). `show` remembers the control that opened it
 * and opens the dialog; when it closes, its content is dropped (a form never reopens half filled)
 * and focus goes back to that control.
 */
export function useNativeDialog<T>() {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const [shown, setShown] = useState<T | null>(null);

  const show = useCallback((content: T) => {
    if (!dialogRef.current?.open && document.activeElement instanceof HTMLElement) {
      openerRef.current = document.activeElement;
    }
    setShown(content);
  }, []);

  const close = useCallback(() => {
    if (dialogRef.current) hideDialog(dialogRef.current);
  }, []);

  useEffect(() => {
    if (shown && dialogRef.current) showDialog(dialogRef.current);
  }, [shown]);

  /** For the dialog's close event. */
  const onClosed = useCallback(() => {
    setShown(null);
    const opener = openerRef.current;
    openerRef.current = null;
    if (opener?.isConnected) opener.focus();
  }, []);

  return { dialogRef, shown, show, close, onClosed };
}

/** The <dialog> element itself; a click on its backdrop (the dialog, not its content) closes it. */
export function NativeDialog({
  ref,
  close,
  onClosed,
  labelledBy,
  className,
  children,
  'data-testid': testId,
}: {
  ref: RefObject<HTMLDialogElement | null>;
  close: () => void;
  /** The dialog's close event. */
  onClosed: () => void;
  labelledBy: string | undefined;
  className: string;
  children: ReactNode;
  'data-testid': string;
}) {
  return (
    <dialog
      ref={ref}
      className={className}
      aria-labelledby={labelledBy}
      onClose={onClosed}
      onClick={(event) => {
        if (event.target === event.currentTarget) close();
      }}
      data-testid={testId}
    >
      {children}
    </dialog>
  );
}

/** The round × button in a dialog's header. */
export function DialogCloseButton({ onClick }: { onClick: () => void }) {
  const tu = useT(uiMessages);
  return (
    <Button variant="ghost" size="sm" icon aria-label={tu('action.close')} onClick={onClick}>
      <CloseIcon />
    </Button>
  );
}
