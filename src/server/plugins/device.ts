import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { DbOrTx } from '../db/client';
import { userDevices } from '../db/schema/index';
import { randomToken, sha256 } from '../lib/crypto';
import { pathOnly } from './request-log';

/** The long-lived first-party device cookie: a random id, never tied to an address (modules/community/like-fairness). */
export const DEVICE_COOKIE = 'ce_did';
const DEVICE_COOKIE_DAYS = 730;
const DEVICE_ID = /^[A-Za-z0-9_-]{32,64}$/;
/** Where the cookie is set when absent: the sign-in, registration and verification pages and the auth API. */
const DEVICE_PAGES = new Set(['/login', '/register', '/verificar-email']);

declare module 'fastify' {
  interface FastifyRequest {
    /** This browser's device id (the `ce_did` cookie), set on the auth pages and API; null elsewhere when absent. */
    deviceId: string | null;
  }
}

const wantsDevice = (url: string) => {
  const path = pathOnly(url).replace(/\/$/, '') || '/';
  return DEVICE_PAGES.has(path) || path.startsWith('/api/auth/');
};

/** One hook: reads the device cookie and, on the auth pages and API, sets a new one (~2 years) when absent. */
export const devicePlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('deviceId', null);
  app.addHook('onRequest', async (request, reply) => {
    const current = request.cookies[DEVICE_COOKIE];
    if (current && DEVICE_ID.test(current)) {
      request.deviceId = current;
      return;
    }
    if (!wantsDevice(request.url)) return;
    const id = randomToken(32);
    request.deviceId = id;
    reply.setCookie(DEVICE_COOKIE, id, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: app.config.SECURE_COOKIES,
      maxAge: DEVICE_COOKIE_DAYS * 24 * 60 * 60,
    });
  });
});

/** After a successful login or registration: this device has seen this account (only the id's SHA-256 is kept). */
export async function recordDevice(db: DbOrTx, request: FastifyRequest, userId: string): Promise<void> {
  if (!request.deviceId) return;
  const now = new Date();
  await db
    .insert(userDevices)
    .values({ deviceHash: sha256(request.deviceId), userId, firstSeen: now, lastSeen: now })
    .onConflictDoUpdate({ target: [userDevices.deviceHash, userDevices.userId], set: { lastSeen: now } });
}
