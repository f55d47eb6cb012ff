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

/** GET /api/admin/backups: the automatic backups' settings and the last run (automatic or `npm run backup`). */
export const adminBackupStatus = z.object({
  everyHours: z.number(),
  keep: z.number().int(),
  /** Where the automatic backups go (BACKUP_TARGET): a folder or s3://bucket/prefix, never a credential. */
  target: z.object({
    kind: z.enum(['folder', 's3']),
    location: z.string(),
    /** BACKUP_PASSPHRASE is set: new backups are encrypted. */
    encrypted: z.boolean(),
    /** The folder shares the embedded database's disk (null: cannot be known, an external database here). */
    sameDiskAsDatabase: z.boolean().nullable(),
  }),
  last: z
    .object({
      kind: z.enum(['automatic', 'manual']),
      startedAt: z.string(),
      finishedAt: z.string().nullable(),
      result: z.enum(['running', 'ok', 'failed']),
      sizeBytes: z.number().nullable(),
      error: z.string().nullable(),
      /** Where that backup was written (a path or s3://...), once it was. */
      location: z.string().nullable(),
      encrypted: z.boolean().nullable(),
    })
    .nullable(),
  /** When the last backup that worked finished, or null. */
  lastOkAt: z.string().nullable(),
});
export type AdminBackupStatus = z.infer<typeof adminBackupStatus>;

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

export const ADMIN_USERS_PAGE_SIZE = 25;
const days = (label: string) =>
  z.coerce
    .number({ message: `${label}: informe um número inteiro de dias.` })
    .int({ message: `${label}: informe um número inteiro de dias.` })
    .min(0, { message: `${label}: o número de dias não pode ser negativo.` })
    .max(36_500, { message: `${label}: no máximo 36.500 dias.` })
    .optional();

/**
 * GET /api/admin/users: the Usuários tab's list, searched, filtered, sorted and paged in SQL (search by name
 * or e-mail, plan, status, the active-time range that leaves out cancelled users, newest or oldest sign-up first).
 */
export const adminUsersQuery = z
  .object({
    search: z.string().trim().max(200, { message: 'Busca muito longa.' }).optional(),
    plan: z.enum(['mensal', 'semestral'], { message: 'Plano inválido: use mensal ou semestral.' }).optional(),
    status: z.enum(USER_STATUSES, { message: 'Status inválido: use Ativo ou Cancelado.' }).optional(),
    minDays: days('Mínimo'),
    maxDays: days('Máximo'),
    sort: z
      .enum(['newest', 'oldest'], { message: 'Ordem inválida: use newest ou oldest.' })
      .default('newest'),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce
      .number()
      .int()
      .min(1)
      .max(100, { message: 'No máximo 100 usuários por página.' })
      .default(ADMIN_USERS_PAGE_SIZE),
  })
  .refine((q) => q.minDays === undefined || q.maxDays === undefined || q.minDays <= q.maxDays, {
    message: 'O mínimo de dias não pode ser maior que o máximo.',
    path: ['minDays'],
  });
export type AdminUsersQuery = z.input<typeof adminUsersQuery>;
/** The query as the route has parsed it (defaults applied). */
export type AdminUsersFilter = z.output<typeof adminUsersQuery>;

export const adminUserPage = z.object({
  items: z.array(adminUser),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminUserPage = z.infer<typeof adminUserPage>;

export const updateUserStatusInput = z.object({
  status: z.enum(USER_STATUSES, { message: 'Status inválido: use Ativo ou Cancelado.' }),
});
export type UpdateUserStatusInput = z.infer<typeof updateUserStatusInput>;
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

export const MAPPING_REQUIRED_MESSAGE = 'ID do produto e plano são obrigatórios';
const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** The mapping form's body (POST /api/admin/webhook-mappings); one with neither product id nor plan gets the form's combined message. */
export const webhookMappingBody = z.preprocess((value, ctx) => {
  const body = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  if (blank(body.productId) && blank(body.planType)) {
    ctx.addIssue({ code: 'custom', message: MAPPING_REQUIRED_MESSAGE, input: value });
  }
  return value;
}, webhookMappingInput);

export const webhookMapping = z.object({
  id: z.string(),
  productId: z.string(),
  offerId: z.string().nullable(),
  planType: z.enum(PLAN_TYPES),
  createdAt: z.string(),
});
export type WebhookMapping = z.infer<typeof webhookMapping>;
export const webhookMappingList = z.array(webhookMapping);
/** POST /api/admin/webhook-mappings: the mapping, and how many earlier purchases it moved off the default plan. */
export const createdWebhookMapping = webhookMapping.extend({ updatedPurchases: z.number().int() });
export type CreatedWebhookMapping = z.infer<typeof createdWebhookMapping>;

export const webhookEvent = z.object({
  id: z.string(),
  eventType: z.string(),
  buyerName: z.string().nullable(),
  buyerEmail: z.string().nullable(),
  planType: z.string().nullable(),
  /** The product the delivery names (its first product, else its offer). */
  productId: z.string().nullable(),
  productName: z.string().nullable(),
  /** false: no mapping matched its product and the purchase got the default plan (flagged in the history). */
  planMapped: z.boolean().nullable(),
  rawData: z.string(),
  isTest: z.boolean(),
  outcome: z.string().nullable(),
  receivedAt: z.string(),
});
export type WebhookEvent = z.infer<typeof webhookEvent>;
export const webhookEventList = z.array(webhookEvent);

/** The history a page at a time, newest first: `before` is the id of the last event already shown. */
export const WEBHOOK_EVENTS_PAGE = 50;
export const webhookEventsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(WEBHOOK_EVENTS_PAGE),
  before: z.uuid({ message: 'Cursor inválido.' }).optional(),
});

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
export type TestWebhookInput = z.input<typeof testWebhookInput>;
/** POST /api/admin/test-webhook: what the simulated event did. */
export const testWebhookResult = z.object({ message: z.string(), outcome: z.string() });
export type TestWebhookResult = z.infer<typeof testWebhookResult>;

/** GET /api/admin/webhook-config: what the Webhooks tab shows. */
export const webhookConfig = z.object({
  endpointUrl: z.string(),
  tokenConfigured: z.boolean(),
});
export type WebhookConfig = z.infer<typeof webhookConfig>;

/** POST /api/webhook/lastlink: Lastlink's answer (`duplicate` when the delivery was already processed). */
export const lastlinkWebhookAnswer = z.object({ message: z.string(), duplicate: z.boolean().optional() });

/**
 * POST /api/webhook/lastlink: a Lastlink delivery, validated loosely: it must be an object with an `Event`; every
 * other field is optional and unknown fields are kept (Lastlink adds fields over time). The server reads its facts
 * in modules/webhook/lastlink-payload.ts.
 */
export const lastlinkPayload = z.looseObject(
  {
    Id: z.unknown().optional(),
    IsTest: z.unknown().optional(),
    Event: z
      .string({ message: 'Campo "Event" ausente no payload.' })
      .trim()
      .min(1, { message: 'Campo "Event" ausente no payload.' })
      .max(200, { message: 'Campo "Event" inválido.' }),
    Data: z.unknown().optional(),
  },
  { message: 'Payload inválido: envie um objeto JSON.' },
);
export type LastlinkPayload = z.infer<typeof lastlinkPayload>;

// ---- 'Pronto para produção': the readiness check (`npm run doctor` and the admin screen) and the demo content

/** An item's state: 'ok' (green), 'warn' (yellow: works, but look at it), 'fail' (red: fix before real members). */
export const READINESS_STATES = ['ok', 'warn', 'fail'] as const;
export type ReadinessState = (typeof READINESS_STATES)[number];
/** The word beside each state's colour and icon (never the colour alone). */
export const READINESS_STATE_LABELS: Record<ReadinessState, string> = {
  ok: 'OK',
  warn: 'Atenção',
  fail: 'Falta',
};

/** Every item, in the order the doctor and the screen list them. */
export const READINESS_ITEM_IDS = [
  'mode',
  'app-url',
  'trust-proxy',
  'support-url',
  'checkout-url',
  'pix',
  'pix-key',
  'smtp',
  'mail-from',
  'admin-email',
  'admin-password',
  'lastlink-token',
  'backup-target',
  'backup-encryption',
  'backup-last-run',
  'redis',
  'metrics',
  'seed-demo',
  'demo-content',
  'database',
] as const;
export type ReadinessItemId = (typeof READINESS_ITEM_IDS)[number];

export const readinessItem = z.object({
  id: z.enum(READINESS_ITEM_IDS),
  /** What is checked ('Endereço público e TLS'). */
  title: z.string(),
  state: z.enum(READINESS_STATES),
  /** How it is now, without secrets ('APP_URL = https://clube.exemplo.com.br'). */
  detail: z.string(),
  /** The fix, in one sentence; null when the item is OK. */
  fix: z.string().nullable(),
});
export type ReadinessItem = z.infer<typeof readinessItem>;

/** GET /api/admin/readiness: the items of `npm run doctor`, as this instance sees them. */
export const adminReadiness = z.object({
  /** CLUB_ENV=production (or an https APP_URL with CLUB_ENV unset). */
  production: z.boolean(),
  items: z.array(readinessItem),
});
export type AdminReadiness = z.infer<typeof adminReadiness>;

const count = z.number().int().min(0);
/**
 * What removing the demo content deletes (GET: what it would delete now; DELETE: what it deleted). `real*`: what real
 * members made on demo content (a comment on a demo post, a like, a favourite of a demo offer), which goes with it.
 */
export const demoContentCounts = z.object({
  members: count,
  offers: count,
  submissions: count,
  posts: count,
  comments: count,
  likes: count,
  favorites: count,
  lessons: count,
  liveCalls: count,
  notifications: count,
  webhookEvents: count,
  purchases: count,
  banners: count,
  files: count,
  realComments: count,
  realLikes: count,
  realFavorites: count,
});
export type DemoContentCounts = z.infer<typeof demoContentCounts>;

/** The counts in the order and words the screen and `npm run demo` show them. */
export const DEMO_CONTENT_LABELS: ReadonlyArray<[keyof DemoContentCounts, string]> = [
  ['members', 'Membros de demonstração'],
  ['offers', 'Ofertas'],
  ['submissions', 'Envios de ofertas'],
  ['posts', 'Publicações'],
  ['comments', 'Comentários'],
  ['likes', 'Curtidas'],
  ['favorites', 'Favoritos'],
  ['lessons', 'Aulas do Mapa do Iniciante (voltam ao texto original)'],
  ['liveCalls', 'Calls'],
  ['notifications', 'Avisos'],
  ['webhookEvents', 'Entregas do histórico do webhook'],
  ['purchases', 'Compra do comprador de demonstração'],
  ['banners', 'Banners'],
  ['files', 'Arquivos enviados (imagens)'],
];
/** Of the above, what real members made on demo content (it goes with it). */
export const DEMO_CONTENT_REAL_LABELS: ReadonlyArray<[keyof DemoContentCounts, string]> = [
  ['realComments', 'comentários'],
  ['realLikes', 'curtidas'],
  ['realFavorites', 'favoritos'],
];
