import { z } from './zod';

/**
 * The funnel behind an offer (issue #26): the pages a scan found, each given a step in funnel order, the tools it
 * uses (from its own HTML only) and, for a checkout, the platform, product code and price.
 */

/** The steps, in funnel order (a map lists its entries in this order). */
export const FUNNEL_STEPS = [
  'Página de vendas / VSL',
  'Quiz',
  'Checkout',
  'Upsell',
  'Downsell',
  'Obrigado',
  'Área de membros',
  'Back-redirect',
  'Outra',
] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

export const TOOL_KINDS = ['checkout', 'player', 'quiz', 'tracking', 'builder'] as const;
export type ToolKind = (typeof TOOL_KINDS)[number];

/** How the map names each kind of tool (pt-BR). */
export const TOOL_KIND_LABELS: Record<ToolKind, string> = {
  checkout: 'Checkout',
  player: 'Player de vídeo',
  quiz: 'Quiz / chat',
  tracking: 'Rastreamento',
  builder: 'Construtor de páginas',
};

export const funnelTool = z.object({ kind: z.enum(TOOL_KINDS), name: z.string() });
export type FunnelTool = z.infer<typeof funnelTool>;

export const funnelCheckout = z.object({
  /** The platform's name as the tools table spells it ('Hotmart', 'Kiwify'...). */
  platform: z.string(),
  productCode: z.string().optional(),
  /** Reais, from the 'R$' amount in the link's text or its nearest container. */
  price: z.number().optional(),
});
export type FunnelCheckout = z.infer<typeof funnelCheckout>;

export const funnelEntry = z.object({
  step: z.enum(FUNNEL_STEPS),
  /** The page found (or, for a checkout, the checkout link). */
  url: z.string(),
  /** Where the page ended after its redirects (the same as url when none). */
  finalUrl: z.string(),
  /** The HTTP status of url (0 for a checkout link, which is never requested: it is another company's site). */
  status: z.number().int(),
  title: z.string(),
  tools: z.array(funnelTool),
  checkout: funnelCheckout.optional(),
  /** A phone-width picture of the page (a stored file), when one was taken. */
  screenshotUrl: z.string().optional(),
});
export type FunnelEntry = z.infer<typeof funnelEntry>;

export const funnelMap = z.object({
  /** ISO 8601. */
  mappedAt: z.string(),
  /** Who mapped it: the member's display name. */
  mappedBy: z.string(),
  /** The scanned site's address. */
  domain: z.string(),
  /** Still taking the pages' pictures: read the map again in a moment. */
  screenshotsPending: z.boolean(),
  funnel: z.array(funnelEntry),
});
export type FunnelMap = z.infer<typeof funnelMap>;

/** POST /api/offers/{id}/funnel-map while another member's map of that offer runs (202): read it with GET soon. */
export const funnelMapStarted = z.object({ message: z.string() });
export type FunnelMapStarted = z.infer<typeof funnelMapStarted>;
