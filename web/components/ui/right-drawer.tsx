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

export interface RightDrawerOptions {
  header: string;
  body: ReactNode;
}

export interface RightDrawerApi {
  open(options: RightDrawerOptions): void;
  close(): void;
}

const RightDrawerContext = createContext<RightDrawerApi | null>(null);

/**
 * The slide-in panel on the right (notifications, calendar events). A native modal dialog, so
 * focus stays inside and Escape closes it; its content is dropped on close.
 */
export function RightDrawerProvider({ children }: { children: ReactNode }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const [shown, setShown] = useState<RightDrawerOptions | null>(null);
  const headerId = useId();

  const open = useCallback((options: RightDrawerOptions) => {
    if (!dialogRef.current?.open && document.activeElement instanceof HTMLElement) {
      openerRef.current = document.activeElement;
    }
    setShown(options);
  }, []);

  const close = useCallback(() => {
    const dialog = dialogRef.current;
    if (!dialog?.open) return;
    if (typeof dialog.close === 'function') dialog.close();
    else {
      dialog.removeAttribute('open');
      dialog.dispatchEvent(new Event('close'));
    }
  }, []);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!shown || !dialog || dialog.open) return;
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', ''); // Test DOMs without <dialog> support.
  }, [shown]);

  const onClosed = () => {
    setShown(null);
    const opener = openerRef.current;
    openerRef.current = null;
    if (opener?.isConnected) opener.focus();
  };

  const api = useMemo<RightDrawerApi>(() => ({ open, close }), [open, close]);

  return (
    <RightDrawerContext.Provider value={api}>
      {children}
      <dialog
        ref={dialogRef}
        aria-labelledby={shown ? headerId : undefined}
        className="fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-none w-full max-w-md bg-base-100 p-0 text-base-content shadow-2xl backdrop:bg-black/40 transition-transform duration-200 open:translate-x-0 starting:open:translate-x-full"
        onClose={onClosed}
        onClick={(event) => {
          // A click on the backdrop lands on the dialog element itself.
          if (event.target === event.currentTarget) close();
        }}
        data-testid="right-drawer"
      >
        {shown && (
          <div className="flex h-full flex-col">
            <div className="flex items-center justify-between gap-4 border-b border-base-300 px-4 py-3">
              <h2 id={headerId} className="text-lg font-bold">
                {shown.header}
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
            <div className="flex-1 overflow-y-auto p-4">{shown.body}</div>
          </div>
        )}
      </dialog>
    </RightDrawerContext.Provider>
  );
}

export function useRightDrawer(): RightDrawerApi {
  const api = useContext(RightDrawerContext);
  if (!api) throw new Error('useRightDrawer must be used inside RightDrawerProvider');
  return api;
}
