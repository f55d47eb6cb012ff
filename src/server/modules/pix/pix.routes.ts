import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  pixCharge,
  pixChargeInput,
  pixConfirmation,
  pixConfirmInput,
  pixWebhookAnswer,
  pixWebhookBody,
} from '../../../shared/schemas/pix';
import { UnauthorizedError } from '../../lib/errors';
import { currentUser } from '../../plugins/access';
import { memberLimitKey } from '../../plugins/rate-limit';
import { createJsonParser } from '../../plugins/request-guard';
import {
  confirmPixCharge,
  createPixCharge,
  handleWooviWebhook,
  type WooviWebhookPayload,
} from './pix.service';
import { isSignedByWoovi, OPENPIX_HMAC_HEADER, WOOVI_SIGNATURE_HEADER } from './pix-woovi.provider';

export const PIX_WEBHOOK_PATH = '/api/webhook/pix';
const MINUTE_MS = 60 * 1000;
const BODY_LIMIT = 4 * 1024;
const WEBHOOK_BODY_LIMIT = 256 * 1024;

// Keyed by the signed-in member, loaded by the access hook (onRequest); preHandler runs after it.
const perMember = (name: string, max: number, timeWindow: number) =>
  ({
    max,
    timeWindow,
    hook: 'preHandler',
    keyGenerator: memberLimitKey(name),
  }) satisfies RateLimitOptions;

/** Charges cost a provider call each: 10 per 10 minutes per member. Confirmations: 60 per 10 minutes. */
export const PIX_CHARGE_RATE_LIMIT = perMember('pix-charge', 10, 10 * MINUTE_MS);
export const PIX_CONFIRM_RATE_LIMIT = perMember('pix-confirm', 60, 10 * MINUTE_MS);

/** PIX top-up (issue #7): the member's charge and confirmation; Woovi's signed webhook. */
export const pixRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, config: app.config };

  app.post(
    '/api/pix/charge',
    {
      bodyLimit: BODY_LIMIT,
      config: { access: 'member', rateLimit: PIX_CHARGE_RATE_LIMIT },
      schema: { body: pixChargeInput, response: { 201: pixCharge } },
    },
    async (request, reply) => {
      const charge = await createPixCharge(deps, currentUser(request).id, request.body);
      return reply.status(201).send(charge);
    },
  );

  app.post(
    '/api/pix/confirm',
    {
      bodyLimit: BODY_LIMIT,
      config: { access: 'member', rateLimit: PIX_CONFIRM_RATE_LIMIT },
      schema: { body: pixConfirmInput, response: { 200: pixConfirmation } },
    },
    async (request) => confirmPixCharge(deps, currentUser(request).id, request.body.txId),
  );

  // The webhook verifies a signature over the body exactly as sent: its own JSON parser keeps the raw text.
  await app.register(async (webhook) => {
    const rawBodies = new WeakMap<FastifyRequest, string>();
    webhook.removeContentTypeParser('application/json');
    webhook.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer' },
      createJsonParser(webhook, {
        onText: (request, text) => rawBodies.set(request, text),
        invalidJsonMessage: 'JSON inválido.',
      }),
    );
    webhook.post(
      PIX_WEBHOOK_PATH,
      {
        bodyLimit: WEBHOOK_BODY_LIMIT,
        config: { access: 'public', csrf: false },
        // Unsigned calls are refused before their body is read.
        onRequest: async (request) => {
          if (!request.headers[WOOVI_SIGNATURE_HEADER] && !request.headers[OPENPIX_HMAC_HEADER]) {
            throw new UnauthorizedError('Assinatura do webhook ausente.');
          }
        },
        preValidation: async (request) => {
          const raw = rawBodies.get(request);
          if (raw === undefined || !isSignedByWoovi(app.config, raw, request.headers)) {
            throw new UnauthorizedError('Assinatura do webhook inválida.');
          }
        },
        schema: { body: pixWebhookBody, response: { 200: pixWebhookAnswer } },
      },
      async (request) => handleWooviWebhook(deps, request.body as WooviWebhookPayload),
    );
  });
};
