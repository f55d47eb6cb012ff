/** Where a URL written in a script goes: an import specifier (resolved against the module) or any other string. */
export type ScriptContext = 'import' | 'code';

/** A quote just after `import`, `import(` or `from`: what follows is a module specifier. */
const IMPORT_BEFORE = /(?:\bimport\s*\(?|\bfrom)\s*['"`]$/;

/**
 * Absolute URLs written in scripts and JSON (a module's `import 'https://cdn…/x.js'`, `fetch('https://site…/a.json')`)
 * are replaced by `write(file, context)` where they appear whole, as written or JSON-escaped (`https:\/\/…`).
 * `targets` maps each fetched URL to its archive file. Longer URLs first; a URL is replaced only where the next
 * character cannot continue it. URLs built at run time are handled by the shim the page gets (shim.ts).
 */
export function rewriteScriptUrls(
  text: string,
  targets: Map<string, string>,
  write: (file: string, context: ScriptContext) => string,
): string {
  if (targets.size === 0 || !/https?:/.test(text)) return text;
  const pairs: [string, { file: string; escaped: boolean }][] = [];
  for (const [url, file] of targets) {
    // A folder URL is a prefix scripts build on ('https://site/' + path): never swapped for its index.html.
    if (url.endsWith('/')) continue;
    if (!text.includes(url.slice(0, 12)) && !text.includes(url.slice(0, 12).replaceAll('/', '\\/'))) continue;
    pairs.push([url, { file, escaped: false }]);
    const escaped = url.replaceAll('/', '\\/');
    if (escaped !== url) pairs.push([escaped, { file, escaped: true }]);
  }
  if (pairs.length === 0) return text;
  pairs.sort((a, b) => b[0].length - a[0].length);
  const lookup = new Map(pairs);
  const pattern = new RegExp(
    `(${pairs.map(([url]) => url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?![\\w\\-.~%/?=&+@:])`,
    'g',
  );
  return text.replace(pattern, (match, _url: string, offset: number) => {
    const target = lookup.get(match);
    if (!target) return match;
    const context: ScriptContext =
      !target.escaped && IMPORT_BEFORE.test(text.slice(Math.max(0, offset - 30), offset)) ? 'import' : 'code';
    const reference = write(target.file, context);
    return target.escaped ? reference.replaceAll('/', '\\/') : reference;
  });
}

/**
 * Relative and root-relative module specifiers (`import './util'`, `from '/js/a.js'`, `import('../b.js')`): a
 * browser resolves them against the module itself, so each one that names a fetched file is rewritten to that
 * file's place relative to the module in the archive (its name may have gained an extension). `resolve` gives the
 * archive file of a specifier, or null; bare and absolute specifiers are left to rewriteScriptUrls.
 */
export function rewriteImportSpecifiers(text: string, resolve: (specifier: string) => string | null): string {
  if (!/\b(import|from)\b/.test(text)) return text;
  return text.replace(
    /(\bimport\s*\(\s*|\bimport\s*|\bfrom\s*)(['"])((?:\.{1,2})?\/[^'"\n\\]*)\2/g,
    (whole, before: string, quote: string, specifier: string) => {
      const reference = resolve(specifier);
      return reference === null ? whole : `${before}${quote}${reference}${quote}`;
    },
  );
}
