import { createHash } from 'node:crypto';
import path from 'node:path/posix';
import { isKnownExtension } from './file-types';

/** The folder of third-party hosts: `_externos/<host>[_<port>]/<path>`. */
export const THIRD_PARTY_DIR = '_externos';

const shortHash = (text: string) => createHash('sha1').update(text).digest('hex').slice(0, 8);

/**
 * One segment of a URL path as a file or folder name: decoded; characters no file system takes (`\ / : * ? " < > |`,
 * control characters) become `_`; `.` and `..` become `_`; at most 200 characters.
 */
function safeSegment(segment: string): string {
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {}
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced
  decoded = decoded.replace(/[\\/:*?"<>|\u0000-\u001f\u007f]/g, '_');
  return decoded === '.' || decoded === '..' ? '_' : decoded;
}

function hostFolder(url: URL) {
  const host = url.hostname.replace(/^\[|\]$/g, '').replace(/[^a-zA-Z0-9.-]/g, '_');
  return `${host}${url.port ? `_${url.port}` : ''}`;
}

/** The archive folder a URL's path is in: its site path (the cloned page's origin) or `_externos/<host>/…`. */
export function archiveFolder(url: URL, siteOrigin: string): string {
  const segments = url.pathname.split('/').slice(1, -1).map(safeSegment);
  const prefix = url.origin === siteOrigin ? [] : [THIRD_PARTY_DIR, hostFolder(url)];
  return [...prefix, ...segments].filter(Boolean).join('/');
}

/**
 * Where a fetched URL goes in the archive, before names are settled (`settleNames`): its folder (archiveFolder),
 * then its file name: the URL's last segment (`index.html` for a folder URL), a query string as `-<8 hex>` (variants
 * stay apart: `css?family=Lato` is `css-580aec1a.css`), and the extension the file's type calls for
 * (`extensionFor`, given the URL's own): it replaces a known extension of another type (`foto.jpg` answered as WebP
 * is `foto.webp`) and follows any other (`jquery.min` is `jquery.min.js`, `estilo.php` is `estilo.php.css`).
 */
export function archiveName(url: URL, siteOrigin: string, extensionFor: (urlExt: string) => string | null) {
  const leaf = safeSegment(url.pathname.split('/').pop() || 'index.html');
  const urlExt = path.extname(leaf);
  const wanted = extensionFor(urlExt);
  let stem = leaf;
  let ext = '';
  if (wanted !== null) {
    if (urlExt && isKnownExtension(urlExt)) stem = leaf.slice(0, -urlExt.length);
    ext = wanted;
  } else if (urlExt) {
    stem = leaf.slice(0, -urlExt.length);
    ext = urlExt;
  }
  if (url.search && url.search !== '?') stem += `-${shortHash(url.search)}`;
  const name = `${stem.slice(0, 200)}${ext}`;
  const folder = archiveFolder(url, siteOrigin);
  return folder ? `${folder}/${name}` : name;
}

/** `name` with `-<tag>` before its extension. */
function tagged(name: string, tag: string): string {
  const ext = path.extname(name);
  return `${name.slice(0, name.length - ext.length)}-${tag}${ext}`;
}

/**
 * Final archive names, one per URL: the page is `index.html`; the others keep their archiveName unless it is
 * taken already or is also a folder (letter case ignored: the ZIP may be unpacked on Windows or macOS): then the
 * URL's `-<8 hex>` goes before the extension. Only file names move, never folders.
 */
export function settleNames(
  pageUrl: string,
  candidates: Map<string, string>,
  pageName = 'index.html',
): Map<string, string> {
  const folders = new Set<string>();
  for (const name of candidates.values()) {
    const parts = name.toLowerCase().split('/');
    for (let i = 1; i < parts.length; i++) folders.add(parts.slice(0, i).join('/'));
  }
  const taken = new Set<string>([pageName.toLowerCase()]);
  const names = new Map<string, string>([[pageUrl, pageName]]);
  const urls = [...candidates.keys()].filter((url) => url !== pageUrl).sort();
  for (const url of urls) {
    const candidate = candidates.get(url) ?? 'arquivo';
    let name = candidate;
    let attempt = 0;
    while (taken.has(name.toLowerCase()) || folders.has(name.toLowerCase())) {
      attempt++;
      name = tagged(candidate, shortHash(attempt === 1 ? url : `${url}#${attempt}`));
    }
    taken.add(name.toLowerCase());
    names.set(url, name);
  }
  return names;
}

/** A name in a URL: each segment percent-encoded (`@ + = $ & :` kept, as URLs allow them in paths). */
function encodeSegment(segment: string): string {
  return encodeURIComponent(segment).replace(/%(40|2B|3D|24|26|3A)/g, (escaped) =>
    decodeURIComponent(escaped),
  );
}

export const encodeArchivePath = (name: string) => name.split('/').map(encodeSegment).join('/');

/** The reference from a file in `fromFolder` (`''`: the archive root) to the archive file `to`, relative. */
export function relativeReference(fromFolder: string, to: string): string {
  const from = fromFolder ? fromFolder.split('/') : [];
  const target = to.split('/');
  let common = 0;
  while (common < from.length && common < target.length - 1 && from[common] === target[common]) common++;
  const reference = [
    ...Array.from({ length: from.length - common }, () => '..'),
    ...target.slice(common).map(encodeSegment),
  ].join('/');
  // A first segment with ':' would read as a scheme.
  return /^[^/]*:/.test(reference) ? `./${reference}` : reference;
}

/** The relative reference from `fromFolder` to the folder `to` (ends with `/`; `./` for the same folder). */
export function relativeFolderReference(fromFolder: string, to: string): string {
  if (fromFolder === to) return './';
  return relativeReference(fromFolder, to ? `${to}/x` : 'x').slice(0, -1) || './';
}

/** A relative reference as a module specifier (`util.js` would be a bare name: `./util.js`). */
export const asSpecifier = (reference: string) => (/^\.\.?\//.test(reference) ? reference : `./${reference}`);

/** The folder of an archive file (`''` at the root). */
export const folderOf = (name: string) => {
  const at = name.lastIndexOf('/');
  return at === -1 ? '' : name.slice(0, at);
};
