import { z } from 'zod';

// Every default Zod message in pt-BR; schemas still give the spec's own wording where it has one.
// In the browser Zod runs `jitless`: it never builds parsers with `new Function` (even its JIT probe is a
// CSP violation under the app's `script-src 'self'`, logged in the console of every screen with a form).
// The server keeps the JIT (faster parsing of request bodies, no CSP applies there).
z.config({ ...z.locales.ptBR(), jitless: typeof document !== 'undefined' });

export { z };
