import { readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import { closeServer, listen } from './hosts';

/**
 * nginx's default mime.types (the types it serves by extension; letter case ignored). Everything else, and a file
 * without an extension, is application/octet-stream. No `.mjs`, `.ttf`, `.otf` or `.webmanifest`: nginx has none.
 */
const NGINX_TYPES: Record<string, string> = Object.fromEntries(
  Object.entries({
    'text/html': 'html htm shtml',
    'text/css': 'css',
    'text/xml': 'xml',
    'image/gif': 'gif',
    'image/jpeg': 'jpeg jpg',
    'application/javascript': 'js',
    'application/atom+xml': 'atom',
    'application/rss+xml': 'rss',
    'text/plain': 'txt',
    'image/avif': 'avif',
    'image/png': 'png',
    'image/svg+xml': 'svg svgz',
    'image/tiff': 'tif tiff',
    'image/webp': 'webp',
    'image/x-icon': 'ico',
    'image/x-ms-bmp': 'bmp',
    'font/woff': 'woff',
    'font/woff2': 'woff2',
    'application/json': 'json',
    'application/pdf': 'pdf',
    'application/vnd.ms-fontobject': 'eot',
    'application/vnd.apple.mpegurl': 'm3u8',
    'application/wasm': 'wasm',
    'application/zip': 'zip',
    'application/xhtml+xml': 'xhtml',
    'audio/mpeg': 'mp3',
    'audio/ogg': 'ogg',
    'audio/x-m4a': 'm4a',
    'video/mp2t': 'ts',
    'video/mp4': 'mp4',
    'video/mpeg': 'mpeg mpg',
    'video/quicktime': 'mov',
    'video/webm': 'webm',
  }).flatMap(([type, exts]) => exts.split(' ').map((ext) => [`.${ext}`, type])),
);

export const typeByExtension = (file: string) =>
  NGINX_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';

export interface StaticHost {
  origin: string;
  /** The address of the clone's folder (`origin` + mount). */
  base: string;
  /** Every request it received. */
  paths: string[];
  close(): Promise<void>;
}

/**
 * A static host as members have: files served under `mount` (`/` or a sub-folder such as `/campanhas/lp/`), the
 * type from the extension only (nginx's table) with `X-Content-Type-Options: nosniff`, `index.html` for a folder
 * (a folder without its `/` is redirected), the query string ignored, 404 for anything else, outside the mount too.
 * The files come from an unpacked ZIP in memory (name -> bytes) or a folder on disk (what wget and
 * website-scraper write).
 */
export async function startStaticHost(
  source: { files: Record<string, Uint8Array> } | { dir: string },
  mount = '/',
): Promise<StaticHost> {
  const paths: string[] = [];
  const read = async (name: string): Promise<Uint8Array | 'folder' | null> => {
    if ('files' in source) {
      const data = source.files[name];
      if (data) return data;
      const prefix = `${name}/`;
      return Object.keys(source.files).some((file) => file.startsWith(prefix)) ? 'folder' : null;
    }
    const file = path.join(source.dir, name);
    if (file !== source.dir && !file.startsWith(`${source.dir}${path.sep}`)) return null;
    const info = await stat(file).catch(() => null);
    if (!info) return null;
    return info.isDirectory() ? 'folder' : readFile(file);
  };
  const server = createServer(async (req, res) => {
    paths.push(req.url ?? '/');
    const url = new URL(req.url ?? '/', 'http://x');
    let pathname: string;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      return void res.writeHead(400).end();
    }
    if (`${pathname}/` === mount) return void res.writeHead(301, { location: mount }).end();
    if (!pathname.startsWith(mount)) return void res.writeHead(404).end();
    let name = pathname.slice(mount.length);
    if (name === '' || name.endsWith('/')) name += 'index.html';
    const found = await read(path.posix.normalize(name).replace(/^(\.\.\/)+/, ''));
    if (found === 'folder') return void res.writeHead(301, { location: `${url.pathname}/` }).end();
    if (!found) return void res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>404 Not Found</h1>');
    res.writeHead(200, {
      'content-type': typeByExtension(name),
      'x-content-type-options': 'nosniff',
      'content-length': String(found.byteLength),
    });
    res.end(req.method === 'HEAD' ? undefined : found);
  });
  const port = await listen(server, '127.0.0.1');
  const origin = `http://127.0.0.1:${port}`;
  return { origin, base: `${origin}${mount}`, paths, close: () => closeServer(server) };
}
