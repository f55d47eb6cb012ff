import path from 'node:path';
import { z } from 'zod';

const flag = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : ['1', 'true', 'yes'].includes(v)));

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional());

/** The one schema for the environment. Every variable has a safe default. */
export const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    APP_URL: optionalUrl,
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: optionalString,
    ADMIN_EMAIL: z.preprocess(emptyToUndefined, z.email().default('admin@clubeescala.local')),
    ADMIN_PASSWORD: optionalString,
    LASTLINK_WEBHOOK_TOKEN: optionalString,
    SMTP_URL: optionalString,
    MAIL_FROM: z.string().default('Clube Escala <nao-responda@clubeescala.local>'),
    /** 'sandbox' (default): simulated charges, no real payment. 'woovi': real charges through Woovi/OpenPix. */
    PIX_PROVIDER: z.enum(['sandbox', 'woovi']).default('sandbox'),
    /** The PIX key written into sandbox BR Codes; the default is a fake demo key nobody can pay. */
    PIX_KEY: z.preprocess(emptyToUndefined, z.string().max(77).default('pix-teste@clubeescala.invalid')),
    PIX_MERCHANT_NAME: z.preprocess(emptyToUndefined, z.string().max(100).default('Clube Escala')),
    PIX_MERCHANT_CITY: z.preprocess(emptyToUndefined, z.string().max(100).default('Sao Paulo')),
    WOOVI_APP_ID: optionalString,
    WOOVI_API_URL: z.preprocess(emptyToUndefined, z.url().default('https://api.woovi.com')),
    /** Verifies the webhook's x-webhook-signature (RSA-SHA256): PEM, or the PEM in base64 as Woovi publishes it. */
    WOOVI_WEBHOOK_PUBLIC_KEY: optionalString,
    /** Verifies the webhook's X-OpenPix-Signature (HMAC-SHA1 of the body with the webhook's secret key). */
    WOOVI_WEBHOOK_SECRET: optionalString,
    STORAGE: z.enum(['local', 's3']).default('local'),
    S3_ENDPOINT: optionalUrl,
    S3_REGION: z.string().default('us-east-1'),
    S3_BUCKET: optionalString,
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    S3_PUBLIC_URL: optionalUrl,
    S3_FORCE_PATH_STYLE: flag,
    REDIS_URL: optionalString,
    OPENAI_BASE_URL: optionalUrl,
    OPENAI_API_KEY: optionalString,
    AI_MODEL: optionalString,
    /** The longest the campaign analyses wait for the model before answering with the engine's own text. */
    AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
    ALLOW_PRIVATE_NETWORK_TARGETS: flag,
    SEED_DEMO: flag,
    TRUST_PROXY: z.preprocess(emptyToUndefined, z.string().optional()),
    TRIAL_CREDIT_CENTS: z.coerce.number().int().min(0).default(300),
    SUPPORT_URL: z.preprocess(emptyToUndefined, z.url().default('https://wa.me/5511999999999')),
    CLUB_URL: optionalUrl,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /**
     * Up to this many visible offers, each instance keeps the catalogue in memory (about 2 KB per offer) and
     * answers every page without a query; above it (or 0), pages come from PostgreSQL with a page cache.
     */
    CATALOGUE_INDEX_MAX_OFFERS: z.coerce.number().int().min(0).max(1_000_000).default(50_000),
    /** On SIGINT/SIGTERM, in-flight requests (scans and clones included) get this long to finish. */
    SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(0).max(600).default(10),
    /**
     * Connections of the app's pool. With the catalogue in memory most requests need none, and the ones that do
     * (likes, favourites, detail) should not queue behind a small pool while the event loop is busy: 40 measured
     * best on 2 cores (docs/performance.md). Keep it under the database's max_connections (100 by default).
     */
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(500).default(40),
    /** At start, how long to keep trying an external DATABASE_URL that does not answer yet. */
    DATABASE_WAIT_SECONDS: z.coerce.number().int().min(0).max(600).default(30),
  })
  .superRefine((env, ctx) => {
    if (env.PIX_PROVIDER === 'woovi' && !env.WOOVI_APP_ID) {
      ctx.addIssue({ code: 'custom', path: ['WOOVI_APP_ID'], message: 'obrigatório com PIX_PROVIDER=woovi' });
    }
  })
  .transform((env) => {
    const appUrl = (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
    const dataDir = path.resolve(env.DATA_DIR);
    return {
      ...env,
      APP_URL: appUrl,
      APP_ORIGIN: new URL(appUrl).origin,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: env.ADMIN_EMAIL.toLowerCase(),
      SEED_DEMO: env.SEED_DEMO ?? env.DATABASE_URL === undefined,
      ALLOW_PRIVATE_NETWORK_TARGETS: env.ALLOW_PRIVATE_NETWORK_TARGETS ?? false,
      S3_FORCE_PATH_STYLE: env.S3_FORCE_PATH_STYLE ?? true,
      SECURE_COOKIES: appUrl.startsWith('https://'),
      WOOVI_API_URL: env.WOOVI_API_URL.replace(/\/+$/, ''),
    };
  });

export type AppConfig = z.output<typeof configSchema>;

/** Parses the environment; on a bad value prints which variable is wrong and throws. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Configuração inválida no ambiente:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
