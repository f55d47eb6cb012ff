/** Facts of the club the public pages and the member's screens share (the client's 'ui' chunk: no imports). */

/**
 * The app's own addresses for buying and for support: every link of the client points here, and the server
 * redirects to the configured checkout (CHECKOUT_URL) and support chat (SUPPORT_URL). One place on each side.
 * Full page loads (plain <a href>), never router links: the client has no such routes.
 */
export const CHECKOUT_PATH = '/clube';
export const SUPPORT_PATH = '/suporte';

/** The buy link of one plan: /clube?plano=mensal or /clube?plano=semestral. */
export function planCheckoutPath(plan: 'mentoria-mensal' | 'mentoria-semestral'): string {
  return `${CHECKOUT_PATH}?plano=${plan === 'mentoria-semestral' ? 'semestral' : 'mensal'}`;
}

/** The monthly ranking's cash prizes for 1st, 2nd and 3rd place, in reais (what the ranking shows once loaded). */
export const RANKING_PRIZES_REAIS = [2000, 1000, 500] as const;
