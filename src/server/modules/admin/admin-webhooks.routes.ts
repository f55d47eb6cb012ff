import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createdWebhookMapping,
  testWebhookInput,
  testWebhookResult,
  webhookConfig,
  webhookEventList,
  webhookEventsQuery,
  webhookMappingBody,
  webhookMappingList,
} from '../../../shared/schemas/admin';
import { messageBody, uuidParam } from '../../../shared/schemas/common';
import { WEBHOOK_PATH } from '../webhook/webhook.routes';
import {
  createWebhookMapping,
  listWebhookEventsForAdmin,
  listWebhookMappingsForAdmin,
  removeWebhookMapping,
  sendTestWebhook,
} from './admin-webhooks.service';

const admin = { access: 'admin' } as const;

export const adminWebhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/webhook-mappings',
    { config: admin, schema: { response: { 200: webhookMappingList } } },
    async () => listWebhookMappingsForAdmin(app.db),
  );

  app.post(
    '/api/admin/webhook-mappings',
    { config: admin, schema: { body: webhookMappingBody, response: { 201: createdWebhookMapping } } },
    async (request, reply) => reply.status(201).send(await createWebhookMapping(app.db, request.body)),
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
    { config: admin, schema: { querystring: webhookEventsQuery, response: { 200: webhookEventList } } },
    async (request) => listWebhookEventsForAdmin(app.db, request.query),
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
        response: { 200: testWebhookResult },
      },
    },
    async (request) => {
      const result = await sendTestWebhook(app.db, request.body.eventType, request.body.email);
      return { message: 'Webhook de teste processado.', outcome: result.outcome };
    },
  );
};
