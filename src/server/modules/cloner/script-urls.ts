/** Where a URL written in a script goes: an import specifier (resolved against the module) or any other string. */
export type ScriptContext = 'import' | 'code';

/** A quote just after `import`, `import(` or `from`: what follows is a module specifier. */
const IMPORT_BEFORE = /(?:\bimport\s*\(?|\bfrom)\s*['"`]$/;

/** A character that may continue a URL: a URL is replaced only where the next one is not. */
const URL_CONTINUES = '(?![\\w\\-.~%/?=&+@:])';
/** What may stand just before a site path written in a script: a quote, `(`, `=`, `,` or a space (never a host). */
const PATH_BEFORE = '(?<=[\'"`(=,\\s])';

/**
 * Each `[url, file]` of `entries` written whole in `text` (as written or JSON-escaped: `https:\/\/…`), after `before`,
 * replaced by `write(file, context)`. Longer URLs first.
 */
function replaceWhole(
  text: string,
  entries: Iterable<[string, string]>,
  before: string,
  write: (file: string, context: ScriptContext) => string,
): string {
  const pairs: [string, { file: string; escaped: boolean }][] = [];
  for (const [url, file] of entries) {
    const escaped = url.replaceAll('/', '\\/');
    if (text.includes(url)) pairs.push([url, { file, escaped: false }]);
    if (escaped !== url && text.includes(escaped)) pairs.push([escaped, { file, escaped: true }]);
  }
  if (pairs.length === 0) return text;
  pairs.sort((a, b) => b[0].length - a[0].length);
  const lookup = new Map(pairs);
  const alternatives = pairs.map(([url]) => url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  const pattern = new RegExp(`${before}(${alternatives})${URL_CONTINUES}`, 'g');
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
 * Absolute URLs written in scripts and JSON (a module's `import 'https://cdn…/x.js'`, `fetch('https://site…/a.json')`)
 * are replaced by `write(file, context)` where they appear whole, as written or JSON-escaped (`https:\/\/…`).
 * `targets` maps each fetched URL to its archive file. URLs built at run time are handled by the shim the page gets
 * (shim.ts).
 */
export function rewriteScriptUrls(
  text: string,
  targets: Map<string, string>,
  write: (file: string, context: ScriptContext) => string,
): string {
  if (targets.size === 0 || !/https?:/.test(text)) return text;
  // A folder URL is a prefix scripts build on ('https://site/' + path): never swapped for its index.html.
  const entries = [...targets].filter(([url]) => !url.endsWith('/'));
  return replaceWhole(text, entries, '', write);
}

/**
 * Root-relative site paths written in scripts and JSON (`'/img/foto'`, `'<img src="/img/foto">'`, `'url(/img/bg)'`,
 * `"\/api\/x"`): each one `paths` knows (a fetched URL of the site, path and query, to its archive file), where it
 * stands whole after a quote, `(`, `=`, `,` or a space, is replaced by `write(file, context)`. They reach the page
 * through innerHTML, document.write, the CSSOM or a worker as much as through the calls the shim watches.
 */
export function rewriteSitePaths(
  text: string,
  paths: Map<string, string>,
  write: (file: string, context: ScriptContext) => string,
): string {
  if (paths.size === 0 || !text.includes('/')) return text;
  return replaceWhole(text, paths, PATH_BEFORE, write);
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
