import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { I18nProvider } from '../i18n/locale';
import { ThemeProvider } from './theme';
import { AppRoutes } from './router';

// Opened without a connection, reads wait (showing what this phone saved) instead of failing;
// writes answer at once: a field write is kept on the phone, any other says there is no answer.
onlineManager.setOnline(navigator.onLine);
const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, staleTime: 30_000, refetchOnWindowFocus: false },
    mutations: { networkMode: 'always' },
  },
});

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <I18nProvider>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </I18nProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
