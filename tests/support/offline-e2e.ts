import type { Page } from '@playwright/test';

/**
 * The query hashes of the screens the app saved for offline use (web/lib/offline-reads.ts), read
 * from the page's IndexedDB; [] before anything is saved (the database is never made here).
 */
export function savedOfflineReads(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const open = indexedDB.open('canopy-offline-reads');
        // Not made yet: leave making it to the app (an empty one would have no stores).
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('snapshots')) return resolve([]);
          const all = db.transaction('snapshots').objectStore('snapshots').getAll();
          all.onsuccess = () =>
            resolve(
              (all.result as Array<{ state: { queries: Array<{ queryHash: string }> } }>).flatMap(
                (row) => row.state.queries.map((q) => q.queryHash),
              ),
            );
          all.onerror = () => resolve([]);
        };
        open.onerror = () => resolve([]);
      }),
  );
}

/** Everything the app saved for offline use, as one JSON text ('' before anything is saved). */
export function savedOfflineData(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const open = indexedDB.open('canopy-offline-reads');
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('snapshots')) return resolve('');
          const all = db.transaction('snapshots').objectStore('snapshots').getAll();
          all.onsuccess = () => resolve(JSON.stringify(all.result));
          all.onerror = () => resolve('');
        };
        open.onerror = () => resolve('');
      }),
  );
}

const OFFLINE_FLAG = 'canopy-e2e-offline';

/**
 * Takes the browser offline as a phone without signal is. Chromium 150's emulation leaves
 * `navigator.onLine` true in a page loaded while offline (its requests do fail), where a phone
 * says false: while the tab's flag is set, the page is told so from its first script on.
 */
export async function goOffline(page: Page): Promise<void> {
  await page.addInitScript((flag) => {
    const real = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine')!;
    Object.defineProperty(Navigator.prototype, 'onLine', {
      configurable: true,
      get(this: Navigator) {
        return sessionStorage.getItem(flag) ? false : (real.get!.call(this) as boolean);
      },
    });
  }, OFFLINE_FLAG);
  await page.context().setOffline(true);
  await page.evaluate((flag) => sessionStorage.setItem(flag, '1'), OFFLINE_FLAG);
}

/** The signal is back: the browser online again, and the page hears it as a phone's would. */
export async function goOnline(page: Page): Promise<void> {
  await page.evaluate((flag) => sessionStorage.removeItem(flag), OFFLINE_FLAG);
  await page.context().setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
}
