/// <reference types="vite-plugin-pwa/vanillajs" />
import { registerSW } from 'virtual:pwa-register';
import { shellMessages } from '../app/messages';
import { toast } from '../components/ui/toast';
import { shownLocale } from '../i18n/contract-messages';

/** How often an open app asks whether a new version was published. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker (issue 24). A new version never half-loads: it waits, with every
 * file of the old one still cached, until the member chooses "Reload to update".
 */
export function startServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const update = registerSW({
    immediate: true,
    onNeedRefresh() {
      // In the language shown when the new version arrives (English if its words cannot load).
      void shellMessages
        .load(shownLocale())
        .catch(() => shellMessages.source)
        .then((words) =>
          toast(words['update.ready']!(), {
            id: 'app-update',
            duration: Infinity,
            action: { label: words['update.reload']!(), onClick: () => void update(true) },
          }),
        );
    },
    onRegisteredSW(_url, registration) {
      if (registration) setInterval(() => void registration.update(), UPDATE_CHECK_MS);
    },
  });
}
