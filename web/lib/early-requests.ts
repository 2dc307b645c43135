/**
 * The GETs a signed-in screen asks for on a first load, by the page's path (issue 20): the
 * inline script of index.html (vite.config.ts, inlineFirstPaint) starts them as soon as the page
 * arrives, alongside the screen's code, and apiRequest takes each answer instead of asking again.
 * A phone's first screen then waits for its code or its data, not its code and then its data.
 * Only what the screen's content waits for (the shell's own requests each start a little later,
 * and each fetch costs the inline script time before the page's code runs), at the exact addresses
 * its first render asks for (tests/e2e/early-requests.spec.ts checks each is asked for once); a
 * page opened with a query string starts none.
 */
export const EARLY_GETS: Record<string, string[]> = {
  '/app/my-trees': [
    '/api/trees/registeredtree?limit=24',
    '/api/trees/care-due?limit=10',
    '/api/trees/replanting?limit=10',
    '/api/map-config',
  ],
};

/** What the inline script leaves on window: the token it asked with and each GET's answer. */
interface EarlyGets {
  token: string;
  gets: Record<string, Promise<Response> | undefined>;
}

/** Early answers are for the first screen only: after this, ask afresh (the data may have moved on). */
const FRESH_FOR_MS = 30_000;

/**
 * The answer the inline script already asked for, once: for a GET of that exact path, asked with
 * the same session, while the page is fresh. Otherwise undefined (ask as usual).
 */
export function takeEarlyResponse(
  path: string,
  token: string | null,
  now = performance.now(),
): Promise<Response> | undefined {
  const early = (window as { __canopyEarly?: EarlyGets }).__canopyEarly;
  const response = early?.gets[path];
  if (!early || !response) return undefined;
  early.gets[path] = undefined;
  if (early.token !== token || now > FRESH_FOR_MS) return undefined;
  return response;
}
