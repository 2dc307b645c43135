import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './styles.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

/**
 * Time after load before the service worker registers: its precache (every screen, ~3 MB) would
 * otherwise share a phone's link and processor with the first screen's own data, pictures and
 * rendering (issue 20); by then the screen has settled.
 */
const SERVICE_WORKER_DELAY_MS = 5000;

// The service worker registers after load from its own chunk: nothing of it in the landing entry.
if (import.meta.env.PROD)
  window.addEventListener(
    'load',
    () =>
      setTimeout(
        () => void import('./lib/service-worker').then((sw) => sw.startServiceWorker()),
        SERVICE_WORKER_DELAY_MS,
      ),
    { once: true },
  );
