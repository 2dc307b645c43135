import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './styles.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The service worker registers after load from its own chunk: nothing of it in the landing entry.
if (import.meta.env.PROD)
  window.addEventListener(
    'load',
    () => void import('./lib/service-worker').then((sw) => sw.startServiceWorker()),
    { once: true },
  );
