import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';

export type ModalSize = 'sm' | 'md' | 'lg' | 'xl';

export interface ModalOptions {
  title: string;
  /** Width of the box; `md` when left out (spec: default modal size md). */
  size?: ModalSize;
  /** What the modal shows; a function gets `close` so a form can shut the modal after saving. */
  body: ReactNode | ((close: () => void) => ReactNode);
}

export interface ConfirmOptions {
  title: string;
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
}

export interface ModalApi {
  open(options: ModalOptions): void;
  close(): void;
  /** Asks a yes/no question; resolves true only when the confirm button is pressed. */
  confirm(options: ConfirmOptions): Promise<boolean>;
}

const SIZE_CLASS: Record<ModalSize, string> = {
  sm: 'max-w-sm',
  md: 'max-w-lg',
  lg: 'max-w-3xl',
  xl: 'max-w-5xl',
};

interface Shown {
  title: string;
  size: ModalSize;
  body: ModalOptions['body'];
}

const ModalContext = createContext<ModalApi | null>(null);

/** Opens a native modal dialog: the browser traps focus, Escape closes it and the page behind is inert. */
function showDialog(dialog: HTMLDialogElement) {
  if (dialog.open) return;
  if (typeof dialog.showModal === 'function') dialog.showModal();
  else dialog.setAttribute('open', ''); // Test DOMs without <dialog> support.
}

function hideDialog(dialog: HTMLDialogElement) {
  if (!dialog.open) return;
  if (typeof dialog.close === 'function') dialog.close();
  else {
    dialog.removeAttribute('open');
    dialog.dispatchEvent(new Event('close'));
  }
}

/** The one global modal of the app area; screens reach it through useModal(). */
export function ModalProvider({ children }: { children: ReactNode }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const pendingConfirm = useRef<((answer: boolean) => void) | null>(null);
  const [shown, setShown] = useState<Shown | null>(null);
  const titleId = useId();

  const settleConfirm = useCallback((answer: boolean) => {
    pendingConfirm.current?.(answer);
    pendingConfirm.current = null;
  }, []);

  const close = useCallback(() => {
    if (dialogRef.current) hideDialog(dialogRef.current);
  }, []);

  const open = useCallback(
    (options: ModalOptions) => {
      // A new modal replaces an unanswered question: that question counts as "no".
      settleConfirm(false);
      if (!dialogRef.current?.open && document.activeElement instanceof HTMLElement) {
        openerRef.current = document.activeElement;
      }
      setShown({ title: options.title, size: options.size ?? 'md', body: options.body });
    },
    [settleConfirm],
  );

  const confirm = useCallback(
    (options: ConfirmOptions) =>
      new Promise<boolean>((resolve) => {
        const answer = (value: boolean) => {
          settleConfirm(value);
          close();
        };
        open({
          title: options.title,
          size: 'sm',
          body: (
            <ConfirmBody
              message={options.message}
              confirmLabel={options.confirmLabel ?? 'Yes'}
              cancelLabel={options.cancelLabel ?? 'Cancel'}
              onAnswer={answer}
            />
          ),
        });
        pendingConfirm.current = resolve;
      }),
    [open, close, settleConfirm],
  );

  useEffect(() => {
    if (shown && dialogRef.current) showDialog(dialogRef.current);
  }, [shown]);

  const onClosed = () => {
    settleConfirm(false);
    setShown(null); // Content is cleared on close, so a form never reopens half filled.
    const opener = openerRef.current;
    openerRef.current = null;
    if (opener?.isConnected) opener.focus();
  };

  const api = useMemo<ModalApi>(() => ({ open, close, confirm }), [open, close, confirm]);

  return (
    <ModalContext.Provider value={api}>
      {children}
      <dialog
        ref={dialogRef}
        className="modal modal-bottom sm:modal-middle"
        aria-labelledby={shown ? titleId : undefined}
        onClose={onClosed}
        onClick={(event) => {
          // A click on the backdrop (the dialog itself, not its box) closes the modal.
          if (event.target === event.currentTarget) close();
        }}
        data-testid="app-modal"
      >
        {shown && (
          <div className={`modal-box w-full ${SIZE_CLASS[shown.size]}`}>
            <div className="mb-4 flex items-start justify-between gap-4">
              <h2 id={titleId} className="text-lg font-bold">
                {shown.title}
              </h2>
              <button
                type="button"
                className="btn btn-sm btn-circle btn-ghost"
                aria-label="Close"
                onClick={close}
              >
                <svg
                  aria-hidden="true"
                  viewBox="0 0 24 24"
                  className="h-4 w-4"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                >
                  <path d="M6 6l12 12M18 6L6 18" />
                </svg>
              </button>
            </div>
            <ModalBody body={shown.body} close={close} />
          </div>
        )}
      </dialog>
    </ModalContext.Provider>
  );
}

function ModalBody({ body, close }: { body: ModalOptions['body']; close: () => void }) {
  return <>{typeof body === 'function' ? body(close) : body}</>;
}

function ConfirmBody({
  message,
  confirmLabel,
  cancelLabel,
  onAnswer,
}: {
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  onAnswer: (answer: boolean) => void;
}) {
  return (
    <>
      <p>{message}</p>
      <div className="modal-action">
        <button type="button" className="btn btn-ghost" onClick={() => onAnswer(false)}>
          {cancelLabel}
        </button>
        <button type="button" className="btn btn-primary" onClick={() => onAnswer(true)}>
          {confirmLabel}
        </button>
      </div>
    </>
  );
}

export function useModal(): ModalApi {
  const api = useContext(ModalContext);
  if (!api) throw new Error('useModal must be used inside ModalProvider');
  return api;
}
