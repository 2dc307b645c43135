import { config } from 'zod/v4/core';

// Zod probes for `new Function` to speed up object parsing; under our CSP (script-src 'self') the
// probe is refused and the browser reports a violation on every page. The interpreter is enough.
// The browser build resolves `zod` to this module (vite.config.ts), so the setting is made before
// any schema module runs, and only pages that build schemas load zod (not the landing entry).
config({ jitless: true });

export * from 'zod/v4';
