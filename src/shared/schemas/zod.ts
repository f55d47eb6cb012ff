import { z } from 'zod';

// Every default Zod message in pt-BR; schemas still give the spec's own wording where it has one.
// In the browser Zod runs `jitless`: it never builds parsers with `new Function` (even its JIT probe is a
// CSP violation under the app's `script-src 'self'`, logged in the console of every screen with a form).
// The server keeps the JIT (faster parsing of request bodies, no CSP applies there).
z.config({
  ...z.locales.ptBR(),
  // The locale says "esperava um número, recebeu um número" for Infinity (a query's `1e309`) and a non-integer, and
  // "recebeu um valor "NaN"" for text coerced to a number: said plainly here.
  customError: (issue) => {
    if (issue.code !== 'invalid_type' || typeof issue.input !== 'number') return undefined;
    if (Number.isNaN(issue.input)) return 'Entrada inválida: esperava um número';
    if (!Number.isFinite(issue.input)) return 'Número fora do intervalo permitido';
    if (issue.expected === 'int') return 'Entrada inválida: esperava um número inteiro';
    return undefined;
  },
  jitless: typeof document !== 'undefined',
});

export { z };
