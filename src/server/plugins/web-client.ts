import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { clientDistFolder } from '../lib/paths';
import { pathOnly } from './request-log';

const NOT_FOUND = { message: 'Recurso não encontrado.' };
const FILE_NOT_FOUND = { message: 'Arquivo não encontrado.' };

/**
 * A path ending in a file extension (`/assets/app.js`, `/robots.txt`, `/favicon.png`) names a file, never an
 * SPA route. Only file types are listed, so a client route whose id holds a dot (`/detalhes-oferta/site.com`)
 * still gets index.html.
 */
const FILE_EXTENSION =
  /\.(js|mjs|cjs|css|map|json|webmanifest|txt|xml|html?|ico|png|jpe?g|gif|svg|webp|avif|bmp|woff2?|ttf|otf|eot|mp4|webm|mov|mp3|wav|pdf|zip|gz|br|wasm|php|aspx?|env|bak|sql|ya?ml)$/i;

/** The file under `root` that a URL path names (relative, with `/`), or null (traversal, dot-files, absent). */
async function existingFile(root: string, urlPath: string): Promise<string | null> {
  let relative: string;
  try {
    relative = decodeURIComponent(urlPath).replace(/^\/+/, '');
  } catch {
    return null;
  }
  if (!relative || relative.split('/').some((part) => part === '' || part.startsWith('.'))) return null;
  const full = path.resolve(root, relative);
  if (!full.startsWith(root + path.sep)) return null;
  const info = await stat(full).catch(() => null);
  return info?.isFile() ? path.relative(root, full).split(path.sep).join('/') : null;
}

/** index.html is revalidated on every visit: it names the current hashed assets. */
function sendIndex(reply: FastifyReply) {
  return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
}

/**
 * Serves the built React app: hashed assets with a long cache, other files of dist/client (favicon,
 * robots.txt, manifest) with their own type, any other non-API GET without a file extension gets index.html
 * (the client router shows its own not-found screen). A missing file is a 404, never index.html; API paths
 * that match nothing answer JSON 404.
 */
export async function registerWebClient(app: FastifyInstance, root = clientDistFolder) {
  const clientRoot = path.resolve(root);
  const hasClient = existsSync(path.join(clientRoot, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, { root: clientRoot, serve: false });
    app.get('/assets/*', { config: { access: 'public' } }, async (request, reply) => {
      const file = await existingFile(clientRoot, pathOnly(request.url));
      if (!file?.startsWith('assets/')) return reply.status(404).send(FILE_NOT_FOUND);
      // Hashed names: a file never changes, so browsers keep it for a year.
      return reply.sendFile(file, { maxAge: '365d', immutable: true });
    });
  }

  app.setNotFoundHandler(async (request, reply: FastifyReply) => {
    const url = pathOnly(request.url) || '/';
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (!isRead || url === '/api' || url.startsWith('/api/') || url.startsWith('/uploads/')) {
      return reply.status(404).send(NOT_FOUND);
    }
    if (FILE_EXTENSION.test(url)) {
      const file = hasClient ? await existingFile(clientRoot, url) : null;
      if (!file) return reply.status(404).send(FILE_NOT_FOUND);
      if (file === 'index.html') return sendIndex(reply);
      return reply.sendFile(file);
    }
    if (!hasClient) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('A interface ainda não foi compilada. Rode `npm run build` (o `npm start` faz isso sozinho).');
    }
    return sendIndex(reply);
  });
}
