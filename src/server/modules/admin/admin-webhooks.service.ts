import { randomUUID } from 'node:crypto';
import type {
  CreatedWebhookMapping,
  PlanSlug,
  WebhookEvent,
  WebhookMapping,
} from '../../../shared/schemas/admin';
import type { Db, DbOrTx } from '../../db/client';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { lastlinkPayload } from '../webhook/lastlink-payload';
import { applyMappingToDefaultedPurchases, listWebhookEvents } from '../webhook/webhook.repo';
import { processLastlinkEvent, type WebhookResult } from '../webhook/webhook.service';
import {
  deleteWebhookMapping,
  insertWebhookMapping,
  listWebhookMappings,
} from '../webhook/webhook-mappings.repo';
import { presentWebhookEvent, presentWebhookMapping } from './admin-webhooks.presenters';

export const TEST_BUYER_NAME = 'Teste Webhook';
/** The product of a test delivery when no mapping exists yet (resolves to the default plan). */
export const TEST_PRODUCT_ID = 'produto-teste';

/** Creates a mapping and moves the purchases that got the default plan for want of it (see the repo). */
export async function createWebhookMapping(
  db: Db,
  input: { productId: string; offerId: string | null; planType: PlanSlug },
): Promise<CreatedWebhookMapping> {
  return db.transaction(async (tx) => {
    const created = await insertWebhookMapping(tx, input);
    if (!created) throw new ConflictError('Já existe um mapeamento para este produto.');
    const updatedPurchases = await applyMappingToDefaultedPurchases(tx, input);
    return { ...presentWebhookMapping(created), updatedPurchases };
  });
}

export async function listWebhookMappingsForAdmin(db: DbOrTx): Promise<WebhookMapping[]> {
  return (await listWebhookMappings(db)).map(presentWebhookMapping);
}

/** GET /api/admin/webhook-events: a page of the history, newest first (`before`: the last event already shown). */
export async function listWebhookEventsForAdmin(
  db: DbOrTx,
  query: { limit: number; before?: string },
): Promise<WebhookEvent[]> {
  return (await listWebhookEvents(db, { limit: query.limit, beforeId: query.before })).map(
    presentWebhookEvent,
  );
}

export async function removeWebhookMapping(db: Db, id: string): Promise<void> {
  if (!(await deleteWebhookMapping(db, id))) throw new NotFoundError('Mapeamento não encontrado.');
}

/**
 * A Lastlink-shaped test delivery (IsTest true, fresh Id) for the e-mail the admin typed. It uses the
 * newest mapping's product and offer, so the test also shows which plan the mapping resolves to.
 */
export async function buildTestDelivery(db: Db, eventType: string, email: string) {
  const [mapping] = await listWebhookMappings(db);
  const offerId = mapping?.offerId ?? 'oferta-teste';
  return {
    Id: randomUUID(),
    IsTest: true,
    Event: eventType,
    CreatedAt: new Date().toISOString(),
    Data: {
      Products: [{ Id: mapping?.productId ?? TEST_PRODUCT_ID, Name: 'Produto de teste' }],
      Buyer: { Email: email, Name: TEST_BUYER_NAME },
      Offer: { Id: offerId, Name: 'Oferta de teste' },
    },
  };
}

/** Runs a test delivery through the real processing (it really acts on the e-mail's account). */
export async function sendTestWebhook(db: Db, eventType: string, email: string): Promise<WebhookResult> {
  const delivery = await buildTestDelivery(db, eventType, email);
  return processLastlinkEvent(db, JSON.stringify(delivery), lastlinkPayload.parse(delivery));
}
