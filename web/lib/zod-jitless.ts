import { z } from 'zod';

// Zod probes for `new Function` to speed up object parsing; under our CSP (script-src 'self') the
// probe is refused and the browser reports a violation on every page. The interpreter is enough.
z.config({ jitless: true });
