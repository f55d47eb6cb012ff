import { PLAN_SLUG_LABELS, type PlanSlug } from '../../../shared/schemas/admin';
import type { Db, DbOrTx } from '../../db/client';
import { notifyAdmin } from '../notifications/notifications.repo';
import { changeUserStatus } from '../users/user-status.service';
import { findUserByEmail, PLAN_LABELS } from '../users/users.repo';
import { type LastlinkFacts, type LastlinkPayload, readLastlinkFacts } from './lastlink-payload';
import {
  cancelConfirmedPurchases,
  insertConfirmedPurchase,
  insertWebhookEvent,
  setWebhookEventOutcome,
} from './webhook.repo';
import { resolvePlan } from './webhook-mappings.repo';

/** Events that grant access (lower-cased). */
const PURCHASE_EVENTS = new Set(['purchase_order_confirmed', 'recurrent_payment']);
/** Events that end access (lower-cased), with how the history names them. */
const CANCEL_EVENTS: Record<string, string> = {
  subscription_canceled: 'Assinatura cancelada',
  subscription_expired: 'Assinatura expirada',
  payment_refund: 'Pagamento reembolsado',
  payment_chargeback: 'Chargeback do pagamento',
};

export const NO_ACTION_OUTCOME = 'Evento registrado; nenhuma ação necessária.';
const NO_EMAIL_OUTCOME = 'Evento sem e-mail do comprador; nenhuma ação realizada.';

export interface WebhookResult {
  duplicate: boolean;
  /** What was done, in Portuguese (also stored on the event for the admin's history). */
  outcome: string;
}

/**
 * Stores one Lastlink delivery and acts on it, in one transaction: a repeated Id is acknowledged as a
 * duplicate and not acted on again. Purchases and recurrent payments record a confirmed purchase and
 * (re)activate the member; cancellations, expiries, refunds and chargebacks cancel them.
 */
export async function processLastlinkEvent(
  db: Db,
  rawText: string,
  payload: LastlinkPayload,
): Promise<WebhookResult> {
  const facts = readLastlinkFacts(payload);
  return db.transaction(async (tx) => {
    const productIds = facts.products.flatMap((p) => (p.id ? [p.id] : []));
    const { plan, mapped } = await resolvePlan(tx, productIds, facts.offerId);
    const grantsAccess = PURCHASE_EVENTS.has(facts.eventKey);
    // A purchase always records the plan it got (and that no mapping chose it when it names no product or offer).
    const recordsPlan = grantsAccess || productIds.length > 0 || facts.offerId !== null;
    const eventId = await insertWebhookEvent(tx, {
      externalId: facts.externalId,
      eventType: facts.eventType,
      buyerName: facts.buyerName,
      buyerEmail: facts.buyerEmail,
      planType: recordsPlan ? plan : null,
      planMapped: recordsPlan ? mapped : null,
      rawData: rawText,
      isTest: facts.isTest,
    });
    if (!eventId) return { duplicate: true, outcome: 'Evento já processado.' };
    if (grantsAccess && !mapped) await warnUnmappedProduct(tx, facts, plan);
    const outcome = await actOnEvent(tx, facts, plan);
    await setWebhookEventOutcome(tx, eventId, outcome);
    return { duplicate: false, outcome };
  });
}

/**
 * A purchase no mapping matched got the default plan: the administrator's bell says which product it was, who bought
 * it and which plan it got, so the product can be mapped (and the member's plan corrected) at once.
 */
async function warnUnmappedProduct(tx: DbOrTx, facts: LastlinkFacts, plan: PlanSlug) {
  const product = facts.products[0];
  const named = product
    ? `o produto "${product.name ?? 'sem nome'}" (ID ${product.id ?? 'não informado'})`
    : facts.offerId || facts.offerName
      ? `a oferta "${facts.offerName ?? 'sem nome'}" (ID ${facts.offerId ?? 'não informado'})`
      : 'uma compra sem produto nem oferta informados';
  const buyer = facts.buyerEmail ? ` por ${facts.buyerEmail}` : '';
  await notifyAdmin(tx, {
    title: 'Compra de produto sem mapeamento',
    description:
      `Comprado${buyer}: ${named}. Nenhum mapeamento corresponde a ele, então a compra recebeu o plano padrão ` +
      `${PLAN_SLUG_LABELS[plan]}. Mapeie o produto na aba Webhooks e, se o plano estiver errado, ajuste o do membro.`,
    link: '/admin?tab=webhooks',
  });
}

async function actOnEvent(tx: DbOrTx, facts: LastlinkFacts, plan: PlanSlug) {
  if (PURCHASE_EVENTS.has(facts.eventKey)) return confirmPurchase(tx, facts, plan);
  const cancelLabel = CANCEL_EVENTS[facts.eventKey];
  if (cancelLabel) return cancelAccess(tx, facts, cancelLabel);
  return NO_ACTION_OUTCOME;
}

async function confirmPurchase(tx: DbOrTx, facts: LastlinkFacts, plan: PlanSlug) {
  if (!facts.buyerEmail) return NO_EMAIL_OUTCOME;
  const product = facts.products[0];
  await insertConfirmedPurchase(tx, {
    email: facts.buyerEmail,
    name: facts.buyerName,
    phone: facts.buyerPhone,
    offerId: facts.offerId,
    offerName: facts.offerName,
    productId: product?.id ?? null,
    productName: product?.name ?? null,
    planType: plan,
    eventId: facts.externalId,
    nextBillingAt: facts.nextBillingAt,
  });
  const label = PLAN_LABELS[plan];
  const user = await findUserByEmail(tx, facts.buyerEmail);
  if (!user) return `Compra confirmada (${label}); o comprador ainda não tem conta.`;
  await changeUserStatus(tx, user.id, 'Ativo', { planType: label });
  return user.status === 'Ativo'
    ? `Compra confirmada (${label}); plano do usuário atualizado.`
    : `Compra confirmada (${label}); usuário reativado.`;
}

async function cancelAccess(tx: DbOrTx, facts: LastlinkFacts, label: string) {
  if (!facts.buyerEmail) return NO_EMAIL_OUTCOME;
  await cancelConfirmedPurchases(tx, facts.buyerEmail);
  const user = await findUserByEmail(tx, facts.buyerEmail);
  if (!user) return `${label}; compra marcada como cancelada (o comprador não tem conta).`;
  if (user.role === 'admin') return `${label}; a conta do administrador não é alterada.`;
  await changeUserStatus(tx, user.id, 'Cancelado');
  return `${label}; usuário cancelado e sessões encerradas.`;
}
