import { useEffect } from 'react';
import { toast, Toaster as Sonner } from 'sonner';
import { useTheme } from '../../app/theme';
import { commonMessages } from '../../i18n/common';
import { useT } from '../../i18n/use-t';

/**
 * Where toasts show (spec §9): top right on the account screens, closing after 5 s (Alt+T
 * focuses them), and in the app area after 3 s, below its top bar so a toast never covers the
 * menu, search or account buttons.
 */
const AREAS = {
  account: { duration: 5000 },
  app: {
    duration: 3000,
    offset: { top: 72, right: 16 },
    mobileOffset: { top: 120, left: 12, right: 12 },
  },
} as const;

/**
 * The toasts of one area. Each area mounts one (the account screens' layout route, the app
 * shell); a toast raised just before a move into another area (e.g. "Your account has been
 * deleted." on the way to /login) is shown by the next area's toaster.
 */
export function Toaster({ area }: { area: keyof typeof AREAS }) {
  const { theme } = useTheme();
  const t = useT(commonMessages);
  return (
    <Sonner
      position="top-right"
      theme={theme}
      closeButton
      containerAriaLabel={t('toast.notifications')}
      toastOptions={{ closeButtonAriaLabel: t('toast.close') }}
      {...AREAS[area]}
    />
  );
}

/**
 * Dismisses, when the calling component unmounts, the toasts raised while it was mounted, so
 * they are not shown again by the next area's toaster (sonner replays every toast still active
 * to a toaster that mounts). Toasts that were already there when it mounted are left alone.
 */
export function useDismissToastsOnLeave() {
  useEffect(() => {
    const before = new Set(toast.getToasts().map((shown) => shown.id));
    return () => {
      for (const shown of toast.getToasts()) if (!before.has(shown.id)) toast.dismiss(shown.id);
    };
  }, []);
}
