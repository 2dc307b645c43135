import {
  createContext,
  useCallback,
  useContext,
  useId,
  useMemo,
  useRef,
  type ReactNode,
} from 'react';
import { DialogCloseButton, NativeDialog, useNativeDialog } from './native-dialog';
import { Button } from './button';
import { useT } from '../../i18n/use-t';
import { uiMessages } from './messages';

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

/** The one global modal of the app area; screens reach it through useModal(). */
export function ModalProvider({ children }: { children: ReactNode }) {
  const { dialogRef, shown, show, close, onClosed } = useNativeDialog<Shown>();
  const pendingConfirm = useRef<((answer: boolean) => void) | null>(null);
  const titleId = useId();

  const settleConfirm = useCallback((answer: boolean) => {
    pendingConfirm.current?.(answer);
    pendingConfirm.current = null;
  }, []);

  const open = useCallback(
    (options: ModalOptions) => {
      // A new modal replaces an unanswered question: that question counts as "no".
      settleConfirm(false);
      show({ title: options.title, size: options.size ?? 'md', body: options.body });
    },
    [settleConfirm, show],
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
              confirmLabel={options.confirmLabel}
              cancelLabel={options.cancelLabel}
              onAnswer={answer}
            />
          ),
        });
        pendingConfirm.current = resolve;
      }),
    [open, close, settleConfirm],
  );

  const api = useMemo<ModalApi>(() => ({ open, close, confirm }), [open, close, confirm]);

  return (
    <ModalContext.Provider value={api}>
      {children}
      <NativeDialog
        ref={dialogRef}
        close={close}
        onClosed={() => {
          settleConfirm(false);
          onClosed();
        }}
        className="modal modal-bottom sm:modal-middle"
        labelledBy={shown ? titleId : undefined}
        data-testid="app-modal"
      >
        {shown && (
          <div className={`modal-box w-full ${SIZE_CLASS[shown.size]}`}>
            <div className="mb-4 flex items-start justify-between gap-4">
              <h2 id={titleId} className="text-lg font-bold">
                {shown.title}
              </h2>
              <DialogCloseButton onClick={close} />
            </div>
            <ModalBody body={shown.body} close={close} />
          </div>
        )}
      </NativeDialog>
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
  confirmLabel: string | undefined;
  cancelLabel: string | undefined;
  onAnswer: (answer: boolean) => void;
}) {
  const tu = useT(uiMessages);
  return (
    <>
      <p>{message}</p>
      <div className="modal-action">
        <Button variant="ghost" onClick={() => onAnswer(false)}>
          {cancelLabel ?? tu('action.cancel')}
        </Button>
        <Button onClick={() => onAnswer(true)}>{confirmLabel ?? tu('action.yes')}</Button>
      </div>
    </>
  );
}

export function useModal(): ModalApi {
  const api = useContext(ModalContext);
  if (!api) throw new Error('useModal must be used inside ModalProvider');
  return api;
}
