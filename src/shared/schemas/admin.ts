import { z } from './zod';

export const PLAN_TYPES = ['gratuito', 'mentoria-mensal', 'mentoria-semestral'] as const;
export type PlanSlug = (typeof PLAN_TYPES)[number];
export const PLAN_SLUG_LABELS: Record<PlanSlug, string> = {
  gratuito: 'Gratuito',
  'mentoria-mensal': 'Mentoria Mensal',
  'mentoria-semestral': 'Mentoria Semestral',
};

export const USER_STATUSES = ['Ativo', 'Cancelado'] as const;

export const adminStats = z.object({
  totalUsers: z.number().int(),
  activeUsers: z.number().int(),
  pendingVerificationUsers: z.number().int(),
  canceledUsers: z.number().int(),
  totalOffers: z.number().int(),
  userOffers: z.number().int(),
  totalNotifications: z.number().int(),
  totalWebhooks: z.number().int(),
  purchaseConfirmed: z.number().int(),
  subscriptionCanceled: z.number().int(),
  totalCalls: z.number().int(),
});
export type AdminStats = z.infer<typeof adminStats>;

/** One row of GET /api/admin/users (the table sorts, searches and filters client-side over this list). */
export const adminUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  createdAt: z.string(),
  lastLogin: z.string().nullable(),
  planType: z.string(),
  status: z.enum(USER_STATUSES),
  statusChangedAt: z.string().nullable(),
  emailVerified: z.boolean(),
  isAdmin: z.boolean(),
  uniqueId: z.string(),
});
export type AdminUser = z.infer<typeof adminUser>;

export const updateUserStatusInput = z.object({
  status: z.enum(USER_STATUSES, { message: 'Status inválido: use Ativo ou Cancelado.' }),
});
export const verifyUserInput = z.object({
  emailVerified: z.literal(true, { message: 'Envie emailVerified: true.' }),
});

export const webhookMappingInput = z.object({
  productId: z
    .string({ message: 'ID do produto é obrigatório' })
    .trim()
    .min(1, { message: 'ID do produto é obrigatório' })
    .max(200, { message: 'ID do produto muito longo.' }),
  offerId: z
    .string()
    .trim()
    .max(200, { message: 'ID da oferta muito longo.' })
    .optional()
    .nullable()
    .transform((v) => (v ? v : null)),
  planType: z.enum(PLAN_TYPES, { message: 'Selecione um plano válido' }),
});
export type WebhookMappingInput = z.input<typeof webhookMappingInput>;

export const webhookMapping = z.object({
  id: z.string(),
  productId: z.string(),
  offerId: z.string().nullable(),
  planType: z.enum(PLAN_TYPES),
  createdAt: z.string(),
});
export type WebhookMapping = z.infer<typeof webhookMapping>;

export const webhookEvent = z.object({
  id: z.string(),
  eventType: z.string(),
  buyerName: z.string().nullable(),
  buyerEmail: z.string().nullable(),
  planType: z.string().nullable(),
  rawData: z.string(),
  isTest: z.boolean(),
  outcome: z.string().nullable(),
  receivedAt: z.string(),
});
export type WebhookEvent = z.infer<typeof webhookEvent>;

/** The three test buttons of the Webhooks tab. */
export const TEST_WEBHOOK_EVENTS = [
  'Purchase_Order_Confirmed',
  'Subscription_Canceled',
  'Subscription_Expired',
] as const;
export const testWebhookInput = z.object({
  eventType: z.enum(TEST_WEBHOOK_EVENTS, { message: 'Evento de teste inválido.' }),
  email: z
    .string({ message: 'Informe um e-mail de teste.' })
    .trim()
    .pipe(z.email({ message: 'E-mail inválido' })),
});

/** GET /api/admin/webhook-config: what the Webhooks tab shows. */
export const webhookConfig = z.object({
  endpointUrl: z.string(),
  tokenConfigured: z.boolean(),
});
