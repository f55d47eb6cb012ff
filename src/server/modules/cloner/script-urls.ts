/**
 * Absolute URLs written in scripts and JSON (a module's `import 'https://cdn…/x.js'`, `fetch('https://site…/a.json')`)
 * are replaced by their archive reference where they appear whole, as written or JSON-escaped (`https:\/\/…`).
 * Longer URLs first; a URL is replaced only where the next character cannot continue it. URLs built at run time
 * are handled by the shim the page gets (shim.ts).
 */
export function rewriteScriptUrls(text: string, references: Map<string, string>): string {
  if (references.size === 0 || !/https?:/.test(text)) return text;
  const pairs: [string, string][] = [];
  for (const [url, reference] of references) {
    // A folder URL is a prefix scripts build on ('https://site/' + path): never swapped for its index.html.
    if (url.endsWith('/')) continue;
    if (!text.includes(url.slice(0, 12)) && !text.includes(url.slice(0, 12).replaceAll('/', '\\/'))) continue;
    pairs.push([url, reference]);
    const escaped = url.replaceAll('/', '\\/');
    if (escaped !== url) pairs.push([escaped, reference.replaceAll('/', '\\/')]);
  }
  if (pairs.length === 0) return text;
  pairs.sort((a, b) => b[0].length - a[0].length);
  const lookup = new Map(pairs);
  const pattern = new RegExp(
    `(${pairs.map(([url]) => url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?![\\w\\-.~%/?=&+@:])`,
    'g',
  );
  return text.replace(pattern, (match) => lookup.get(match) ?? match);
}
