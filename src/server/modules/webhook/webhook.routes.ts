import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { lastlinkPayload, lastlinkWebhookAnswer } from '../../../shared/schemas/admin';
import type { AppConfig } from '../../config';
import { safeEqual } from '../../lib/crypto';
import { UnauthorizedError } from '../../lib/errors';
import { createJsonParser } from '../../plugins/request-guard';
import { processLastlinkEvent } from './webhook.service';

export const WEBHOOK_PATH = '/api/webhook/lastlink';
export const WEBHOOK_TOKEN_HEADER = 'x-lastlink-token';

/** The token Lastlink sends (header, or `token` in the URL for setups that put it there). */
function providedToken(request: FastifyRequest): string | undefined {
  const header = request.headers[WEBHOOK_TOKEN_HEADER];
  if (typeof header === 'string' && header) return header;
  const query = request.query as { token?: unknown } | undefined;
  return typeof query?.token === 'string' && query.token ? query.token : undefined;
}

function assertWebhookToken(request: FastifyRequest, config: AppConfig) {
  const expected = config.LASTLINK_WEBHOOK_TOKEN;
  const provided = providedToken(request);
  if (!expected || !provided || !safeEqual(provided, expected)) {
    throw new UnauthorizedError('Token do webhook inválido.');
  }
}

/**
 * Inbound Lastlink webhook. Authenticated by its own token (no session, no CSRF check); the raw JSON
 * text is kept as received for the admin's history, so this plugin parses JSON itself.
 */
export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const rawBodies = new WeakMap<FastifyRequest, string>();
  // The app's guarded JSON parser (UTF-8, nesting depth, proto poisoning), keeping the raw text too.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer' },
    createJsonParser(app, {
      onText: (request, text) => rawBodies.set(request, text),
      invalidJsonMessage: 'JSON inválido.',
    }),
  );

  app.post(
    WEBHOOK_PATH,
    {
      config: { access: 'public', csrf: false },
      // Before the body is read: an unauthenticated caller learns nothing about its payload.
      onRequest: async (request) => assertWebhookToken(request, app.config),
      schema: { body: lastlinkPayload, response: { 200: lastlinkWebhookAnswer } },
    },
    async (request) => {
      const rawText = rawBodies.get(request) ?? JSON.stringify(request.body);
      const result = await processLastlinkEvent(app.db, rawText, request.body);
      if (result.duplicate) return { message: 'Evento já processado.', duplicate: true };
      return { message: 'Evento recebido.' };
    },
  );
};
