/// <reference types="vite-plugin-pwa/vanillajs" />
import { toast } from '../components/ui/toast';
import { registerSW } from 'virtual:pwa-register';

/** How often an open app asks whether a new version was published. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;
export const UPDATE_MESSAGE = 'A new version of Canopy is ready.';
export const UPDATE_ACTION = 'Reload to update';

/**
 * Registers the service worker (issue 24). A new version never half-loads: it waits, with every
 * file of the old one still cached, until the member chooses "Reload to update".
 */
export function startServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const update = registerSW({
    immediate: true,
    onNeedRefresh() {
      toast(UPDATE_MESSAGE, {
        id: 'app-update',
        duration: Infinity,
        action: { label: UPDATE_ACTION, onClick: () => void update(true) },
      });
    },
    onRegisteredSW(_url, registration) {
      if (registration) setInterval(() => void registration.update(), UPDATE_CHECK_MS);
    },
  });
}
