import { createECDH } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { z } from 'zod';
import { reaisToCents } from '../shared/money';
import { readTypedNumber } from '../shared/typed-number';
import { projectRoot } from './lib/paths';

const flag = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : ['1', 'true', 'yes'].includes(v)));

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional());
/** True when the VAPID public key is the private key's (P-256). */
function vapidPairMatches(publicKey: string, privateKey: string): boolean {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    return ecdh.getPublicKey().equals(Buffer.from(publicKey, 'base64url'));
  } catch {
    return false;
  }
}

/** A key in base64url (no padding) that decodes to exactly `bytes` bytes (the VAPID keys, RFC 8292). */
const base64UrlKey = (bytes: number, what: string) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .refine((v) => /^[A-Za-z0-9_-]+$/.test(v) && Buffer.from(v, 'base64url').length === bytes, {
        message: `use a ${what} em base64url (${bytes} bytes), como a gerada por \`npx web-push generate-vapid-keys\``,
      })
      .optional(),
  );
const optionalHttpUrl = z.preprocess(
  emptyToUndefined,
  z.url({ protocol: /^https?$/, message: 'use um endereço http(s)' }).optional(),
);
/** A plan's price as the owner types it ('97', '97,00', '1.497,00'), kept as integer cents. */
const planPrice = (fallback: string) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .default(fallback)
      .transform((text, ctx) => {
        const read = readTypedNumber(text, 'money');
        if (read.status !== 'ok' || read.value <= 0) {
          ctx.addIssue({ code: 'custom', message: 'use um valor em reais, como 97,00' });
          return z.NEVER;
        }
        return reaisToCents(read.value);
      }),
  );

/** `s3://bucket` or `s3://bucket/prefix` (S3 bucket naming: 3-63 lowercase letters, digits, dots and hyphens). */
const S3_TARGET = /^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/[A-Za-z0-9!_.*'()-]+)*\/*$/;
/**
 * The demo values the app starts with where the owner has set nothing: the readiness check (`npm run doctor`, the
 * admin's 'Pronto para produção', the warnings of a production start) names every one still in place.
 */
export const DEMO_DEFAULTS = {
  SUPPORT_URL: 'https://wa.me/5511999999999',
  PIX_KEY: 'pix-teste@clubeescala.invalid',
  ADMIN_EMAIL: 'admin@clubeescala.local',
  MAIL_FROM: 'Clube Escala <nao-responda@clubeescala.local>',
} as const;

/** Every variable the app reads, with its default (`.env.example` lists exactly these: a test keeps them equal). */
export const configVariables = z.object({
  /**
   * 'production': the owner's live club (also implied by an https APP_URL when unset): no demo seeding, no PIX top-up
   * unless PIX_PROVIDER is set, a warning per setting still at its demo value. 'demo': the local demo of `npm start`.
   * NODE_ENV is only the libraries' speed switch, never this one.
   */
  CLUB_ENV: z.preprocess(emptyToUndefined, z.enum(['demo', 'production']).optional()),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  APP_URL: optionalUrl,
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString,
  /**
   * With DATABASE_URL through a transaction pooler (PgBouncer in transaction mode): a direct connection to the same
   * database for what a pooler cannot carry (LISTEN, session locks, migrations). Queries through DATABASE_URL then
   * use no named prepared statements.
   */
  DATABASE_DIRECT_URL: optionalString,
  ADMIN_EMAIL: z.preprocess(emptyToUndefined, z.email().default(DEMO_DEFAULTS.ADMIN_EMAIL)),
  ADMIN_PASSWORD: optionalString,
  LASTLINK_WEBHOOK_TOKEN: optionalString,
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default(DEMO_DEFAULTS.MAIL_FROM),
  /**
   * 'sandbox': simulated charges, no real payment. 'woovi': real charges through Woovi/OpenPix. 'off': no top-up.
   * Unset: 'sandbox' in the demo, 'off' in production (an explicit 'sandbox' there marks every simulated credit).
   */
  PIX_PROVIDER: z.preprocess(emptyToUndefined, z.enum(['sandbox', 'woovi', 'off']).optional()),
  /** The PIX key written into sandbox BR Codes; the default is a fake demo key nobody can pay. */
  PIX_KEY: z.preprocess(emptyToUndefined, z.string().max(77).default(DEMO_DEFAULTS.PIX_KEY)),
  PIX_MERCHANT_NAME: z.preprocess(emptyToUndefined, z.string().max(100).default('Clube Escala')),
  PIX_MERCHANT_CITY: z.preprocess(emptyToUndefined, z.string().max(100).default('Sao Paulo')),
  WOOVI_APP_ID: optionalString,
  WOOVI_API_URL: z.preprocess(emptyToUndefined, z.url().default('https://api.woovi.com')),
  /** Verifies the webhook's x-webhook-signature (RSA-SHA256): PEM, or the PEM in base64 as Woovi publishes it. */
  WOOVI_WEBHOOK_PUBLIC_KEY: optionalString,
  /** Verifies the webhook's X-OpenPix-Signature (HMAC-SHA1 of the body with the webhook's secret key). */
  WOOVI_WEBHOOK_SECRET: optionalString,
  /**
   * The VAPID key pair of web push (both or neither; `npx web-push generate-vapid-keys`). Unset: generated at the
   * first start and kept in the database (server_keys 'vapid'), shared by every instance.
   */
  VAPID_PUBLIC_KEY: base64UrlKey(65, 'chave pública'),
  VAPID_PRIVATE_KEY: base64UrlKey(32, 'chave privada'),
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
  /** Phone-width pictures of a funnel map's pages, by the cloner's Chromium (default on; the unit tests turn it off). */
  FUNNEL_SCREENSHOTS: flag,
  SEED_DEMO: flag,
  TRUST_PROXY: z.preprocess(emptyToUndefined, z.string().optional()),
  TRIAL_CREDIT_CENTS: z.coerce.number().int().min(0).default(300),
  /** Where every "suporte" link of the app leads (GET /suporte redirects here). */
  SUPPORT_URL: z.preprocess(
    emptyToUndefined,
    z.url({ protocol: /^https?$/ }).default(DEMO_DEFAULTS.SUPPORT_URL),
  ),
  /** The club's checkout (Lastlink): GET /clube redirects here; unset, /clube leads to SUPPORT_URL. */
  CHECKOUT_URL: optionalHttpUrl,
  /** Each plan's own checkout, when it has one (GET /clube?plano=...); unset, the plan uses CHECKOUT_URL. */
  CHECKOUT_URL_MENSAL: optionalHttpUrl,
  CHECKOUT_URL_SEMESTRAL: optionalHttpUrl,
  /** Prices shown on the landing page (and the monthly value of each plan). */
  PLAN_MENSAL_PRICE: planPrice('97,00'),
  PLAN_SEMESTRAL_PRICE: planPrice('497,00'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Bearer token of GET /metrics (Prometheus text). Unset (and no METRICS_PORT): /metrics answers 404. */
  METRICS_TOKEN: z.preprocess(
    emptyToUndefined,
    z.string().min(16, { message: 'use um token de pelo menos 16 caracteres' }).optional(),
  ),
  /** A second port, bound to 127.0.0.1 only, that serves /metrics without a token (for a local scraper). */
  METRICS_PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(65535).optional()),
  /** Queries slower than this are logged (statement only, never its parameters); 0 turns it off. */
  SLOW_QUERY_MS: z.coerce.number().int().min(0).max(600_000).default(500),
  /** statement_timeout of the app's pool: a query running longer is cancelled; 0 turns it off. */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  /**
   * Up to this many visible offers, each instance keeps the catalogue in memory (about 2 KB per offer) and
   * answers every page without a query; above it (or 0), pages come from PostgreSQL with a page cache.
   */
  CATALOGUE_INDEX_MAX_OFFERS: z.coerce.number().int().min(0).max(1_000_000).default(50_000),
  /** On SIGINT/SIGTERM, in-flight requests get this long to finish (scans and clones: JOB_SHUTDOWN_SECONDS first). */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(0).max(600).default(10),
  /**
   * On SIGTERM, how long readiness answers 503 while the instance keeps serving, so the load balancer stops sending
   * it requests before it closes (its last second refuses what a balancer re-sends: plugins/lifecycle.ts). Longer than
   * the balancer's idle timeout towards the app. Unset: 5 with DATABASE_URL (instances behind a balancer), 0 with the
   * embedded database (one machine, nothing to drain to).
   */
  SHUTDOWN_DRAIN_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(120).optional()),
  /**
   * On SIGTERM, how long running scans and clones get to finish (new ones are refused with 503; a clone stops at
   * its own 60 s limit anyway); scans still running then end 'interrupted' and are refunded (issue #24).
   */
  JOB_SHUTDOWN_SECONDS: z.coerce.number().int().min(0).max(600).default(60),
  /**
   * A running scan's lease: renewed every third of it by its instance; when it lapses (the instance died), any
   * instance's sweeper (every half of it) ends the scan 'interrupted' and refunds it.
   */
  JOB_LEASE_SECONDS: z.coerce.number().int().min(2).max(300).default(15),
  /**
   * Connections of the app's pool. With the catalogue in memory most requests need none, and the ones that do
   * (likes, favourites, detail) should not queue behind a small pool while the event loop is busy: 40 measured
   * best on 2 cores (docs/performance.md). Keep it under the database's max_connections (100 by default).
   */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(500).default(40),
  /**
   * Worker threads for CPU-heavy steps (a clone's ZIP, big HTML and CSS parses), so requests never wait for them.
   * Unset: one per core left to the event loop, at most 2 (1 on a 2-core machine).
   */
  WORKER_THREADS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(32).optional()),
  /** Where backup files are made (`npm run backup` and the automatic ones). Unset: DATA_DIR/backups. */
  BACKUP_DIR: optionalString,
  /**
   * Where finished backups are kept, off the database's disk: a folder (another disk, a mounted share) or
   * `s3://bucket/prefix` (with the BACKUP_S3_* credentials, independent of STORAGE). Unset: BACKUP_DIR.
   */
  BACKUP_TARGET: optionalString,
  /** Encrypts every backup (AES-256-GCM, key derived by scrypt) before it leaves the process; restore asks for it. */
  BACKUP_PASSPHRASE: z.preprocess(
    emptyToUndefined,
    z.string().min(12, { message: 'use uma frase-senha de pelo menos 12 caracteres' }).optional(),
  ),
  BACKUP_S3_ENDPOINT: optionalUrl,
  BACKUP_S3_REGION: z.string().default('us-east-1'),
  BACKUP_S3_ACCESS_KEY_ID: optionalString,
  BACKUP_S3_SECRET_ACCESS_KEY: optionalString,
  BACKUP_S3_FORCE_PATH_STYLE: flag,
  /** Hours between automatic backups (one instance of a cluster makes each); 0 turns them off. */
  BACKUP_EVERY_HOURS: z.coerce.number().min(0).max(8760).default(24),
  /** How many automatic backups are kept (the newest); older ones are deleted. */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  /**
   * The Chromium of the cloner, the funnel's pictures and the browser tests. Unset: the one inside the npm package
   * @sparticuz/chromium (nothing to install). Read through `environment()`, so `.env` sets it too.
   */
  CHROMIUM_PATH: optionalString,
  /** At start, how long to keep trying an external DATABASE_URL that does not answer yet. */
  DATABASE_WAIT_SECONDS: z.coerce.number().int().min(0).max(600).default(30),
});

/** The one schema for the environment. Every variable has a safe default. */
export const configSchema = configVariables
  .superRefine((env, ctx) => {
    if (env.PIX_PROVIDER === 'woovi' && !env.WOOVI_APP_ID) {
      ctx.addIssue({ code: 'custom', path: ['WOOVI_APP_ID'], message: 'obrigatório com PIX_PROVIDER=woovi' });
    }
    if (
      env.VAPID_PUBLIC_KEY &&
      env.VAPID_PRIVATE_KEY &&
      !vapidPairMatches(env.VAPID_PUBLIC_KEY, env.VAPID_PRIVATE_KEY)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['VAPID_PUBLIC_KEY'],
        message: 'a chave pública VAPID não corresponde à chave privada',
      });
    }
    if (env.BACKUP_TARGET !== undefined) {
      const s3 = env.BACKUP_TARGET.startsWith('s3://');
      if (s3 && !S3_TARGET.test(env.BACKUP_TARGET)) {
        ctx.addIssue({
          code: 'custom',
          path: ['BACKUP_TARGET'],
          message: 'use s3://bucket/prefixo (bucket em minúsculas, letras, números, ponto e hífen)',
        });
      } else if (!s3 && /^[a-z][a-z0-9+.-]*:\/\//i.test(env.BACKUP_TARGET)) {
        ctx.addIssue({
          code: 'custom',
          path: ['BACKUP_TARGET'],
          message: 'use uma pasta (caminho no disco) ou s3://bucket/prefixo',
        });
      }
      if (s3 && (!env.BACKUP_S3_ACCESS_KEY_ID || !env.BACKUP_S3_SECRET_ACCESS_KEY)) {
        ctx.addIssue({
          code: 'custom',
          path: ['BACKUP_TARGET'],
          message: 'com s3://... defina também BACKUP_S3_ACCESS_KEY_ID e BACKUP_S3_SECRET_ACCESS_KEY',
        });
      }
    }
    if ((env.VAPID_PUBLIC_KEY === undefined) !== (env.VAPID_PRIVATE_KEY === undefined)) {
      const missing = env.VAPID_PUBLIC_KEY === undefined ? 'VAPID_PUBLIC_KEY' : 'VAPID_PRIVATE_KEY';
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: 'defina as duas chaves VAPID (pública e privada) ou nenhuma',
      });
    }
  })
  .transform((env) => {
    const appUrl = (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
    const dataDir = path.resolve(env.DATA_DIR);
    const production =
      env.CLUB_ENV === 'production' || (env.CLUB_ENV === undefined && appUrl.startsWith('https://'));
    return {
      ...env,
      /** The club runs for real members (CLUB_ENV=production, or an https APP_URL with CLUB_ENV unset). */
      PRODUCTION: production,
      PIX_PROVIDER: env.PIX_PROVIDER ?? (production ? 'off' : 'sandbox'),
      /** The owner named PIX_PROVIDER (in production an explicit 'sandbox' is allowed, and marked). */
      PIX_PROVIDER_EXPLICIT: env.PIX_PROVIDER !== undefined,
      APP_URL: appUrl,
      APP_ORIGIN: new URL(appUrl).origin,
      DATA_DIR: dataDir,
      BACKUP_DIR: path.resolve(env.BACKUP_DIR ?? path.join(dataDir, 'backups')),
      // A folder as an absolute path; s3://bucket/prefix with its prefix ending in '/' (or none).
      BACKUP_TARGET:
        env.BACKUP_TARGET === undefined
          ? undefined
          : env.BACKUP_TARGET.startsWith('s3://')
            ? env.BACKUP_TARGET.replace(/\/*$/, '/')
            : path.resolve(env.BACKUP_TARGET),
      ADMIN_EMAIL: env.ADMIN_EMAIL.toLowerCase(),
      // Demo content is never seeded in production.
      SEED_DEMO: !production && (env.SEED_DEMO ?? env.DATABASE_URL === undefined),
      /** SEED_DEMO=1 was given in production, where it is ignored (a start says so). */
      SEED_DEMO_IGNORED: production && env.SEED_DEMO === true,
      SHUTDOWN_DRAIN_SECONDS: env.SHUTDOWN_DRAIN_SECONDS ?? (env.DATABASE_URL === undefined ? 0 : 5),
      ALLOW_PRIVATE_NETWORK_TARGETS: env.ALLOW_PRIVATE_NETWORK_TARGETS ?? false,
      FUNNEL_SCREENSHOTS: env.FUNNEL_SCREENSHOTS ?? true,
      S3_FORCE_PATH_STYLE: env.S3_FORCE_PATH_STYLE ?? true,
      BACKUP_S3_FORCE_PATH_STYLE: env.BACKUP_S3_FORCE_PATH_STYLE ?? true,
      SECURE_COOKIES: appUrl.startsWith('https://'),
      WOOVI_API_URL: env.WOOVI_API_URL.replace(/\/+$/, ''),
    };
  });

export type AppConfig = z.output<typeof configSchema>;

/** Where the settings file lives: `.env` in the project folder. */
export const ENV_FILE = path.join(projectRoot, '.env');

/**
 * The environment the app runs with: the process's variables over those of the settings file (`.env`, optional;
 * a variable set in the environment always wins). A file that exists but cannot be read stops the start.
 */
export function environment(
  file: string = ENV_FILE,
  env: Record<string, string | undefined> = process.env,
): Record<string, string | undefined> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return env;
    throw new Error(`Não foi possível ler o arquivo de configuração ${file}: ${(error as Error).message}`);
  }
  return { ...parseEnv(text), ...env };
}

/** Parses the environment (by default the process's over `.env`); on a bad value says which variable and throws. */
export function loadConfig(env: Record<string, string | undefined> = environment()): AppConfig {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Configuração inválida no ambiente:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
