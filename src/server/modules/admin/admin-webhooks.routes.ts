import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  testWebhookInput,
  type WebhookEvent,
  type WebhookMapping,
  webhookConfig,
  webhookEvent,
  webhookMapping,
  webhookMappingInput,
} from '../../../shared/schemas/admin';
import { messageBody, uuidParam } from '../../../shared/schemas/common';
import { z } from '../../../shared/schemas/zod';
import { listWebhookEvents, type WebhookEventRow } from '../webhook/webhook.repo';
import { WEBHOOK_PATH } from '../webhook/webhook.routes';
import type { WebhookMappingRow } from '../webhook/webhook-mappings.repo';
import { listWebhookMappings } from '../webhook/webhook-mappings.repo';
import { createWebhookMapping, removeWebhookMapping, sendTestWebhook } from './admin-webhooks.service';

const admin = { access: 'admin' } as const;
export const MAPPING_REQUIRED_MESSAGE = 'ID do produto e plano são obrigatórios';

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** The mapping form's body; a body with neither product id nor plan gets the form's combined message. */
const webhookMappingBody = z.preprocess((value, ctx) => {
  const body = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  if (blank(body.productId) && blank(body.planType)) {
    ctx.addIssue({ code: 'custom', message: MAPPING_REQUIRED_MESSAGE, input: value });
  }
  return value;
}, webhookMappingInput);

const toMapping = (row: WebhookMappingRow): WebhookMapping => ({
  id: row.id,
  productId: row.productId,
  offerId: row.offerId,
  planType: row.planType,
  createdAt: row.createdAt.toISOString(),
});

const toEvent = (row: WebhookEventRow): WebhookEvent => ({
  id: row.id,
  eventType: row.eventType,
  buyerName: row.buyerName,
  buyerEmail: row.buyerEmail,
  planType: row.planType,
  rawData: row.rawData,
  isTest: row.isTest,
  outcome: row.outcome,
  receivedAt: row.receivedAt.toISOString(),
});

export const adminWebhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/webhook-mappings',
    { config: admin, schema: { response: { 200: z.array(webhookMapping) } } },
    async () => (await listWebhookMappings(app.db)).map(toMapping),
  );

  app.post(
    '/api/admin/webhook-mappings',
    { config: admin, schema: { body: webhookMappingBody, response: { 201: webhookMapping } } },
    async (request, reply) => {
      const created = await createWebhookMapping(app.db, request.body);
      return reply.status(201).send(toMapping(created));
    },
  );

  app.delete(
    '/api/admin/webhook-mappings/:id',
    { config: admin, schema: { params: uuidParam, response: { 200: messageBody } } },
    async (request) => {
      await removeWebhookMapping(app.db, request.params.id);
      return { message: 'Mapeamento excluído.' };
    },
  );

  app.get(
    '/api/admin/webhook-events',
    { config: admin, schema: { response: { 200: z.array(webhookEvent) } } },
    async () => (await listWebhookEvents(app.db)).map(toEvent),
  );

  app.get(
    '/api/admin/webhook-config',
    { config: admin, schema: { response: { 200: webhookConfig } } },
    async () => ({
      endpointUrl: `${app.config.APP_URL}${WEBHOOK_PATH}`,
      tokenConfigured: Boolean(app.config.LASTLINK_WEBHOOK_TOKEN),
    }),
  );

  app.post(
    '/api/admin/test-webhook',
    {
      config: admin,
      schema: {
        body: testWebhookInput,
        response: { 200: z.object({ message: z.string(), outcome: z.string() }) },
      },
    },
    async (request) => {
      const result = await sendTestWebhook(app.db, request.body.eventType, request.body.email);
      return { message: 'Webhook de teste processado.', outcome: result.outcome };
    },
  );
};
