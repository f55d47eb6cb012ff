import { createHash } from 'node:crypto';
import path from 'node:path/posix';

/** The folder of third-party hosts: `/_externos/<host>[_<port>]/<path>`. */
export const THIRD_PARTY_DIR = '_externos';

/**
 * Where a fetched URL lives in the archive. The cloned page's origin is the archive root (its paths mirrored, so
 * a script's `fetch('/api/x.json')` still finds its file when the clone is uploaded to a domain root); every other
 * host gets a folder of its own under `_externos/`. A query string is part of the file's name (`app.q-1a2b3c4d.js`):
 * variants of one file stay apart. A path ending in `/` gets `index.html`.
 *
 * `reference` is the root-relative URL the rewritten files use (percent-encoded); `file` the name in the ZIP.
 */
export interface ArchivePath {
  reference: string;
  file: string;
}

export function archivePath(url: URL, siteOrigin: string): ArchivePath {
  let pathname = url.pathname || '/';
  if (pathname.endsWith('/')) pathname += 'index.html';
  if (url.search && url.search !== '?') {
    const tag = `q-${createHash('sha1').update(url.search).digest('hex').slice(0, 8)}`;
    const ext = path.extname(pathname);
    pathname = ext ? `${pathname.slice(0, -ext.length)}.${tag}${ext}` : `${pathname}.${tag}`;
  }
  const prefix = url.origin === siteOrigin ? '' : `/${THIRD_PARTY_DIR}/${hostFolder(url)}`;
  const reference = `${prefix}${pathname}`;
  return { reference, file: safeFileName(reference) };
}

function hostFolder(url: URL) {
  const host = url.hostname.replace(/^\[|\]$/g, '').replace(/[^a-zA-Z0-9.-]/g, '_');
  return `${host}${url.port ? `_${url.port}` : ''}`;
}

/** The ZIP entry name of a root-relative reference: decoded, no empty, dot or dot-dot segments, no backslashes. */
function safeFileName(reference: string): string {
  const segments = reference
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      let decoded = segment;
      try {
        decoded = decodeURIComponent(segment);
      } catch {}
      decoded = decoded.replace(/[\\/\0]/g, '_');
      return decoded === '.' || decoded === '..' ? '_' : decoded.slice(0, 200);
    });
  return segments.join('/') || 'index.html';
}

/**
 * ZIP names must not be both a file and a folder (`/docs` fetched as a page and `/docs/a.css`): such a file moves
 * to `<name>/index.html` (a static server answers `/docs` with it), or `<name>.file` if that is taken too.
 */
export function settleFileNames(files: string[]): Map<string, string> {
  const folders = new Set<string>();
  for (const file of files) {
    const parts = file.split('/');
    for (let i = 1; i < parts.length; i++) folders.add(parts.slice(0, i).join('/'));
  }
  const taken = new Set(files);
  const renamed = new Map<string, string>();
  for (const file of files) {
    if (!folders.has(file)) continue;
    const inside = `${file}/index.html`;
    const target = taken.has(inside) ? `${file}.file` : inside;
    taken.add(target);
    renamed.set(file, target);
  }
  return renamed;
}
