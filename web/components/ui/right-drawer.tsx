import { createContext, useContext, useId, useMemo, type ReactNode } from 'react';
import { DialogCloseButton, NativeDialog, useNativeDialog } from './native-dialog';

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
  const { dialogRef, shown, show: open, close, onClosed } = useNativeDialog<RightDrawerOptions>();
  const headerId = useId();

  const api = useMemo<RightDrawerApi>(() => ({ open, close }), [open, close]);

  return (
    <RightDrawerContext.Provider value={api}>
      {children}
      <NativeDialog
        ref={dialogRef}
        close={close}
        onClosed={onClosed}
        labelledBy={shown ? headerId : undefined}
        className="fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-none w-full max-w-md bg-base-100 p-0 text-base-content shadow-2xl backdrop:bg-black/40 transition-transform duration-200 open:translate-x-0 starting:open:translate-x-full"
        data-testid="right-drawer"
      >
        {shown && (
          <div className="flex h-full flex-col">
            <div className="flex items-center justify-between gap-4 border-b border-base-300 px-4 py-3">
              <h2 id={headerId} className="text-lg font-bold">
                {shown.header}
              </h2>
              <DialogCloseButton onClick={close} />
            </div>
            <div className="flex-1 overflow-y-auto p-4">{shown.body}</div>
          </div>
        )}
      </NativeDialog>
    </RightDrawerContext.Provider>
  );
}

export function useRightDrawer(): RightDrawerApi {
  const api = useContext(RightDrawerContext);
  if (!api) throw new Error('useRightDrawer must be used inside RightDrawerProvider');
  return api;
}
