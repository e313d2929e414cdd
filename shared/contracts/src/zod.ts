import { z } from 'zod';

// The pages run under a Content-Security-Policy without 'unsafe-eval'. Left to itself, zod probes
// `new Function` on its first object parse to decide whether to compile fast parsers; in a browser that probe
// fails anyway and is reported as a CSP violation (Lighthouse's "issues" audit). The api (no CSP) keeps the
// compiled parsers.
if ('document' in globalThis) z.config({ jitless: true });

export { z };
