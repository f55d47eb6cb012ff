import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { clientDistFolder } from '../lib/paths';

/**
 * Serves the built React app: hashed assets with a long cache, any other non-API GET gets index.html
 * (the client router shows its own not-found screen). API paths that match nothing answer JSON 404.
 */
export async function registerWebClient(app: FastifyInstance) {
  const hasClient = existsSync(path.join(clientDistFolder, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, { root: clientDistFolder, serve: false });
    app.get('/assets/*', { config: { access: 'public' } }, (request, reply) => {
      const file = (request.params as { '*': string })['*'];
      return reply.header('cache-control', 'public, max-age=31536000, immutable').sendFile(`assets/${file}`);
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (
      request.method !== 'GET' ||
      url.startsWith('/api/') ||
      url === '/api' ||
      url.startsWith('/uploads/')
    ) {
      return reply.status(404).send({ message: 'Recurso não encontrado.' });
    }
    if (!hasClient) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('A interface ainda não foi compilada. Rode `npm run build` (o `npm start` faz isso sozinho).');
    }
    const file = url.slice(1);
    if (
      file &&
      !file.includes('..') &&
      /^[\w.-]+\.(svg|png|ico|txt|webmanifest)$/.test(file) &&
      existsSync(path.join(clientDistFolder, file))
    ) {
      return reply.sendFile(file);
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
