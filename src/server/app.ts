import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { VIDEO_EMBED_ORIGINS } from '../shared/live-call-embed';
import type { AppConfig } from './config';
import type { Database, Db } from './db/client';
import { createMailer, type Mailer } from './lib/mail/mail';
import { responseSerializerCompiler } from './lib/response-serializer';
import { createStorage, type Storage } from './lib/storage/storage';
import { storagePublicBase } from './lib/storage/storage-base';
import { appWorkerEntry, createWorkerPool } from './lib/worker-pool';
import { type BrowserHolder, createBrowserHolder } from './modules/cloner/browser';
import { modules } from './modules/index';
import { accessPlugin } from './plugins/access';
import { apiCachePlugin } from './plugins/api-cache';
import { devicePlugin } from './plugins/device';
import { clientErrorHandler, frameworkErrors, registerErrorHandler } from './plugins/error-handler';
import { KEEP_ALIVE_TIMEOUT_MS, lifecyclePlugin } from './plugins/lifecycle';
import { metricsPlugin } from './plugins/metrics';
import { rateLimitPlugin } from './plugins/rate-limit';
import { requestGuardPlugin } from './plugins/request-guard';
import { requestIdFor, requestIdPlugin } from './plugins/request-id';
import { appLoggerOptions, RequestLogController } from './plugins/request-log';
import { securityHeadersPlugin } from './plugins/security-headers';
import { registerWebClient } from './plugins/web-client';
import type { AppWorkers } from './worker-tasks';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Db;
    mailer: Mailer;
    storage: Storage;
    /** Worker threads for CPU-heavy steps (the cloner's parses and ZIP): the event loop never runs them. */
    workers: AppWorkers;
    /** The instance's one headless Chromium (launched on first use), shared by the site cloner and the funnel screenshots. */
    browsers: BrowserHolder;
  }
}

export interface AppDependencies {
  config: AppConfig;
  database: Database;
  /** Level and destination; the app adds its serializers (no query strings, cookies or SQL values). */
  logger?: FastifyServerOptions['logger'];
  mailer?: Mailer;
  /** The built client (default dist/client); tests point it at a folder of their own. */
  clientDir?: string;
}

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** The whole application as a Fastify instance; tests build it and call `inject` without listening. */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: appLoggerOptions(deps.logger ?? false),
    // One line per request, without the query string, instead of Fastify's two; every line of a request carries its
    // id as reqId.
    logController: new RequestLogController({ requestIdLogLabel: 'reqId' }),
    // X-Request-Id: a valid incoming id is kept, any other replaced by a random one (plugins/request-id.ts).
    genReqId: requestIdFor,
    requestIdHeader: false,
    trustProxy:
      config.TRUST_PROXY === undefined ? false : config.TRUST_PROXY === 'true' ? true : config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // A balancer's idle timeout towards the app must be shorter than this one (plugins/lifecycle.ts). Requests that
    // race the close are refused by the lifecycle plugin, in Portuguese, instead of by Fastify's English 503.
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: true },
    // Errors raised before routing (bad URL encoding, over-long path parameter) and by Node's HTTP parser
    // (headers too large, malformed request) answer Portuguese JSON like every other error.
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // Answers written by fast-json-stringify in production, checked by Zod (and against it) elsewhere.
  app.setSerializerCompiler(
    responseSerializerCompiler(config.NODE_ENV === 'production' ? 'fast' : 'checked'),
  );
  // No state change may be smuggled in as a "simple" cross-site text/plain POST.
  app.removeContentTypeParser('text/plain');

  app.decorate('config', config);
  app.decorate('db', deps.database.db);
  app.decorate('mailer', deps.mailer ?? createMailer(config, app.log));
  app.decorate('storage', createStorage(config));
  const workers: AppWorkers = createWorkerPool({ entry: appWorkerEntry(), size: config.WORKER_THREADS });
  app.decorate('workers', workers);
  // With the app: tasks already queued or running finish first, then the threads stop.
  app.addHook('onClose', () => workers.close());
  const browsers = createBrowserHolder(app.log);
  app.decorate('browsers', browsers);
  app.addHook('onClose', () => browsers.close());

  registerErrorHandler(app);
  // First of all: the answer's X-Request-Id (errors of every later hook carry it), then the request's metrics.
  await app.register(requestIdPlugin);
  await app.register(metricsPlugin, { pool: deps.database.pool });
  // The first hooks of every request: hostile input is refused before anything reads it.
  await app.register(requestGuardPlugin);
  await app.register(apiCachePlugin);
  await app.register(cookie);
  await app.register(devicePlugin);
  // Stored files are served from the bucket's own origin with S3 (S3_PUBLIC_URL or the bucket URL): allowed for
  // images and media. Before, only S3_PUBLIC_URL was, so an S3 setup without it had every stored image blocked.
  const storageBase = storagePublicBase(config);
  const storageOrigin = /^https?:\/\//.test(storageBase) ? [new URL(storageBase).origin] : [];
  await app.register(securityHeadersPlugin, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...storageOrigin],
        mediaSrc: ["'self'", 'blob:', ...storageOrigin],
        connectSrc: ["'self'"],
        // The video players the live calls and the beginner map embed (YouTube, Vimeo, Panda Video).
        frameSrc: [...VIDEO_EMBED_ORIGINS],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.SECURE_COOKIES ? [] : null,
      },
    },
    strictTransportSecurity: config.SECURE_COOKIES,
    crossOriginEmbedderPolicy: false,
  });
  // API answers (a catalogue page is 15-40 KB of JSON) are gzipped in one call, not through a zlib stream per
  // response: on the small machines this app runs on, the stream's setup and scheduling cost more than the
  // compression itself (issue #12 profile; @fastify/compress would stream anything above 8 KB on 2 cores).
  await app.register(compress, { global: true, threshold: 1024, syncThreshold: 65_536 });
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20, fieldSize: 64 * 1024 },
  });
  await app.register(rateLimitPlugin);
  await app.register(lifecyclePlugin);
  await app.register(accessPlugin);

  app.decorate('firstScreenImage', {});
  for (const mod of modules) await app.register(mod);
  await registerWebClient(app, deps.clientDir);
  return app;
}
