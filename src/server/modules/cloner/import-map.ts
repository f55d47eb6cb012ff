import { asSpecifier, encodeArchivePath, relativeFolderReference, relativeReference } from './archive-paths';
import { withoutHash } from './resource-collector';

/** What an import map's addresses are rewritten with. */
export interface ImportMapArchive {
  /** Every fetched URL (and each redirect to one) to its archive file. */
  targets: Map<string, string>;
  /** The archive folder of a folder URL on a cloned host, or null (a host not cloned). */
  folder(url: URL): string | null;
}

type SpecifierMap = Record<string, unknown>;

const isObject = (value: unknown): value is SpecifierMap =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An import map address as a URL: `/`, `./`, `../` against the page's base, or absolute; null for a bare name. */
function addressUrl(address: string, base: URL): URL | null {
  try {
    return /^\.{0,2}\//.test(address) ? new URL(address, base) : new URL(address);
  } catch {
    return null;
  }
}

/**
 * An import map (`<script type="importmap">`) with every address that names a fetched file or a folder of a cloned
 * host rewritten to its place in the archive, relative to `from` (the folder the page's references resolve against)
 * as a valid module specifier (`./…`, never a bare name the browser would refuse): the values of `imports` and of
 * each scope, URL-like keys, and scope keys. A folder mapping (`"lib/": "/js/lib/"`) gets an entry of its own for
 * each fetched file under it whose archive name changed (`js/lib/x` archived as `js/lib/x.js`). Text that is not a
 * JSON object is left as it is.
 */
export function rewriteImportMap(text: string, base: URL, from: string, archive: ImportMapArchive): string {
  let map: unknown;
  try {
    map = JSON.parse(text);
  } catch {
    return text;
  }
  if (!isObject(map)) return text;
  const place = (address: string): string | null => {
    const url = addressUrl(address, base);
    if (!url) return null;
    if (url.pathname.endsWith('/') && !url.search && !url.hash) {
      const folder = archive.folder(url);
      return folder === null ? null : asSpecifier(relativeFolderReference(from, folder));
    }
    const file = archive.targets.get(withoutHash(url.href));
    return file === undefined ? null : asSpecifier(relativeReference(from, file)) + url.hash;
  };
  const specifiers = (entries: SpecifierMap): SpecifierMap => {
    const out: SpecifierMap = {};
    for (const [key, value] of Object.entries(entries)) {
      const newKey = place(key) ?? key;
      if (typeof value !== 'string') {
        out[newKey] = value;
        continue;
      }
      out[newKey] = place(value) ?? value;
      const prefix = key.endsWith('/') && value.endsWith('/') ? addressUrl(value, base) : null;
      const folder = prefix ? archive.folder(prefix) : null;
      if (!prefix || folder === null) continue;
      for (const [url, file] of archive.targets) {
        if (!url.startsWith(prefix.href) || url.length === prefix.href.length || url.endsWith('/')) continue;
        const rest = url.slice(prefix.href.length);
        if (encodeArchivePath(folder ? `${folder}/${rest}` : rest) === encodeArchivePath(file)) continue;
        const entry = `${newKey}${rest}`;
        if (!(entry in out)) out[entry] = asSpecifier(relativeReference(from, file));
      }
    }
    return out;
  };
  const rewritten: SpecifierMap = { ...map };
  if (isObject(map.imports)) rewritten.imports = specifiers(map.imports);
  if (isObject(map.scopes)) {
    const scopes: SpecifierMap = {};
    for (const [scope, entries] of Object.entries(map.scopes))
      scopes[place(scope) ?? scope] = isObject(entries) ? specifiers(entries) : entries;
    rewritten.scopes = scopes;
  }
  return JSON.stringify(rewritten).replaceAll('<', '\\u003c');
}
