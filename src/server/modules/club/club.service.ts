import { planCheckoutPath } from '../../../shared/club';
import { PLAN_SLUG_LABELS } from '../../../shared/schemas/admin';
import { type ClubPlan, SOLD_PLANS, type SoldPlan } from '../../../shared/schemas/club';
import type { AppConfig } from '../../config';

type PlanConfig = Pick<
  AppConfig,
  | 'CHECKOUT_URL'
  | 'CHECKOUT_URL_MENSAL'
  | 'CHECKOUT_URL_SEMESTRAL'
  | 'PLAN_MENSAL_PRICE'
  | 'PLAN_SEMESTRAL_PRICE'
  | 'SUPPORT_URL'
>;

const MONTHS: Record<SoldPlan, number> = { 'mentoria-mensal': 1, 'mentoria-semestral': 6 };

/** The plans sold on the landing page, with their configured prices (PLAN_MENSAL_PRICE, PLAN_SEMESTRAL_PRICE). */
export function clubPlans(config: PlanConfig): ClubPlan[] {
  const price: Record<SoldPlan, number> = {
    'mentoria-mensal': config.PLAN_MENSAL_PRICE,
    'mentoria-semestral': config.PLAN_SEMESTRAL_PRICE,
  };
  return SOLD_PLANS.map((id) => ({
    id,
    name: PLAN_SLUG_LABELS[id],
    priceCents: price[id],
    months: MONTHS[id],
    checkoutPath: planCheckoutPath(id),
  }));
}

/**
 * Where GET /clube sends a buyer: the chosen plan's own checkout (`plano=mensal|semestral`), else the club's
 * checkout (CHECKOUT_URL), else the support chat, where the club sells by hand until a checkout is configured.
 */
export function checkoutTarget(config: PlanConfig, plano: string | undefined): string {
  const own =
    plano === 'mensal'
      ? config.CHECKOUT_URL_MENSAL
      : plano === 'semestral'
        ? config.CHECKOUT_URL_SEMESTRAL
        : undefined;
  return own ?? config.CHECKOUT_URL ?? config.SUPPORT_URL;
}
