import type { WebhookEvent, WebhookMapping } from '../../../shared/schemas/admin';
import { storedDeliveryProduct } from '../webhook/lastlink-payload';
import type { WebhookEventRow } from '../webhook/webhook.repo';
import type { WebhookMappingRow } from '../webhook/webhook-mappings.repo';

export const presentWebhookMapping = (row: WebhookMappingRow): WebhookMapping => ({
  id: row.id,
  productId: row.productId,
  offerId: row.offerId,
  planType: row.planType,
  createdAt: row.createdAt.toISOString(),
});

export const presentWebhookEvent = (row: WebhookEventRow): WebhookEvent => {
  const product = storedDeliveryProduct(row.rawData);
  return {
    id: row.id,
    eventType: row.eventType,
    buyerName: row.buyerName,
    buyerEmail: row.buyerEmail,
    planType: row.planType,
    productId: product.id,
    productName: product.name,
    planMapped: row.planMapped,
    rawData: row.rawData,
    isTest: row.isTest,
    outcome: row.outcome,
    receivedAt: row.receivedAt.toISOString(),
  };
};
