import { PLAN_SLUG_LABELS, type PlanSlug, type TEST_WEBHOOK_EVENTS } from '../../../shared/schemas/admin';

type EventType = (typeof TEST_WEBHOOK_EVENTS)[number];

export const EVENT_LABELS: Record<EventType, string> = {
  Purchase_Order_Confirmed: 'Compra Confirmada',
  Subscription_Canceled: 'Assinatura Cancelada',
  Subscription_Expired: 'Assinatura Expirada',
};

/** The other Lastlink events the app acts on or commonly receives, by their lower-cased name. */
const OTHER_EVENT_LABELS: Record<string, string> = {
  recurrent_payment: 'Pagamento Recorrente',
  payment_refund: 'Pagamento Reembolsado',
  payment_chargeback: 'Chargeback',
  abandoned_cart: 'Carrinho Abandonado',
};

/** An event type in Portuguese (the server compares them without case); an unknown one as it came. */
export function eventLabel(eventType: string): string {
  return EVENT_LABELS[eventType as EventType] ?? OTHER_EVENT_LABELS[eventType.toLowerCase()] ?? eventType;
}

/** A plan slug as shown ('mentoria-mensal' -> 'Mentoria Mensal'); other values as they are. */
export function planSlugLabel(plan: string | null): string {
  if (!plan) return '—';
  return PLAN_SLUG_LABELS[plan as PlanSlug] ?? plan;
}

/** The raw payload, pretty-printed when it is valid JSON, else exactly as received. */
export function prettyRawData(raw: string): string {
  try {
    return JSON.stringify(JSON.parse(raw), null, 2);
  } catch {
    return raw;
  }
}
