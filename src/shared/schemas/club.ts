import { z } from './zod';

/** The plans a buyer can choose on the landing page (GET /api/club): names, prices and where to buy. */
export const SOLD_PLANS = ['mentoria-mensal', 'mentoria-semestral'] as const;
export type SoldPlan = (typeof SOLD_PLANS)[number];

export const clubPlan = z.object({
  id: z.enum(SOLD_PLANS),
  name: z.string(),
  /** The price of one payment, in integer cents. */
  priceCents: z.number().int(),
  /** How many months one payment covers (1 or 6). */
  months: z.number().int(),
  /** Where its buy button leads: the app's /clube redirect to the checkout. */
  checkoutPath: z.string(),
});
export type ClubPlan = z.infer<typeof clubPlan>;

export const clubInfo = z.object({ plans: z.array(clubPlan) });
export type ClubInfo = z.infer<typeof clubInfo>;

/** GET /clube?plano=mensal|semestral picks one plan's checkout; anything else uses the club's checkout. */
export const checkoutQuery = z.object({ plano: z.string().max(40).optional() });
