import { Toaster } from 'sonner';
import { useTheme } from '../../../app/theme';

/** Account-screen toasts: top right, closing by themselves after 5 s (Alt+T focuses them). */
export function AuthToaster() {
  const { theme } = useTheme();
  return <Toaster position="top-right" duration={5000} theme={theme} closeButton />;
}
