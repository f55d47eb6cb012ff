import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config';
import { ForbiddenError, UnauthorizedError } from '../lib/errors';
import { changeFeedPlugin } from './change-feed';
import { bindMemberToLog } from './request-id';
import { loadSessionUser, SESSION_COOKIE, SessionCache, type SessionUser, setSessionCookie } from './session';

export type Access = 'public' | 'member' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route. Every route must declare it (checked at registration and by a test). */
    access?: Access;
    /** Set false only for routes authenticated by their own secret (webhooks). */
    csrf?: boolean;
  }
  interface FastifyInstance {
    /** This instance's cache of session lookups (follows the change feed). */
    sessionCache: SessionCache;
    /** Every registered route with its access rule, filled at registration (read by the routes-access test). */
    routeAccessTable: ReadonlyArray<RouteAccess>;
  }
  interface FastifyRequest {
    user: SessionUser | null;
    sessionHash: string | null;
  }
}

export interface RouteAccess {
  method: string;
  url: string;
  access: Access;
  /** The route's response schemas by status (the API contract the client's test stub checks answers against). */
  responses: Record<string, unknown>;
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** CSRF: an unsafe request must come from our own origin (Sec-Fetch-Site or Origin equal to APP_URL). */
export function isSameOrigin(request: FastifyRequest, config: AppConfig): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site === 'same-origin') return true;
  if (site && site !== 'same-origin' && site !== 'none') return false;
  return request.headers.origin === config.APP_ORIGIN;
}

/**
 * Declares and enforces who may call each route: `config.access` is mandatory on every route;
 * the session user is loaded for API routes; members must be verified and Ativo, admins have role admin.
 */
export const accessPlugin = fp(async (app: FastifyInstance) => {
  await app.register(changeFeedPlugin);
  const sessionCache = new SessionCache(app.changeFeed);
  app.decorate('sessionCache', sessionCache);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionHash', null);
  const routeAccessTable: RouteAccess[] = [];
  app.decorate('routeAccessTable', routeAccessTable);

  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (access !== 'public' && access !== 'member' && access !== 'admin') {
      throw new Error(`Route ${route.method} ${route.url} declares no access rule (config.access)`);
    }
    const responses = (route.schema?.response ?? {}) as Record<string, unknown>;
    for (const method of [route.method].flat()) {
      routeAccessTable.push({ method, url: route.url, access, responses });
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    const config = request.routeOptions.config;
    if (UNSAFE.has(request.method) && config.csrf !== false && !isSameOrigin(request, app.config)) {
      throw new ForbiddenError('Requisição bloqueada: origem não permitida.');
    }
    if (request.is404) return;
    const token = request.cookies[SESSION_COOKIE];
    if (token && (config.access !== 'public' || request.url.startsWith('/api/'))) {
      const found = await loadSessionUser(app.db, token, sessionCache);
      if (found) {
        request.user = found.user;
        request.sessionHash = found.sessionHash;
        bindMemberToLog(request, found.user.id);
        if (found.renewedUntil) setSessionCookie(reply, app.config, token, found.renewedUntil);
      }
    }
    if (config.access === 'public') return;
    if (!request.user) throw new UnauthorizedError();
    if (config.access === 'admin' && request.user.role !== 'admin') {
      throw new ForbiddenError('Você não tem permissão para acessar o painel de administração.');
    }
  });
});

/**
 * Who is asking, as services and repos see them: the signed-in member or the administrator. What a viewer reads
 * carries their own flags (liked, favourite...); the administrator may also see and remove what others may not.
 */
export interface Viewer {
  id: string;
  isAdmin: boolean;
}

export const toViewer = (user: SessionUser): Viewer => ({ id: user.id, isAdmin: user.role === 'admin' });

/** The viewer of a member or admin route (the access hook guarantees a signed-in user). */
export function viewerOf(request: FastifyRequest): Viewer {
  return toViewer(currentUser(request));
}

/** The viewer of a public route: the signed-in user, or null for a visitor. */
export function optionalViewerOf(request: FastifyRequest): Viewer | null {
  return request.user ? toViewer(request.user) : null;
}

/** The signed-in user of a member or admin route (the access hook guarantees it). */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new UnauthorizedError();
  return request.user;
}
