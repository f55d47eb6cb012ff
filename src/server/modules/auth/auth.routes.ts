import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changePasswordInput,
  currentUser,
  forgotPasswordInput,
  loginInput,
  registerInput,
  registerResponse,
  resendVerificationInput,
  resetPasswordInput,
  verifyEmailInput,
} from '../../../shared/schemas/auth';
import { messageBody } from '../../../shared/schemas/common';
import { sha256 } from '../../lib/crypto';
import { UnauthorizedError } from '../../lib/errors';
import { currentUser as signedInUser } from '../../plugins/access';
import { recordDevice } from '../../plugins/device';
import { clearSessionCookie, endSession, SESSION_COOKIE, startSession } from '../../plugins/session';
import { AUTH_BODY_LIMIT, authFailureLimits, rateLimits } from './auth.limits';
import { authenticate, currentUserOf, registerAccount } from './auth.service';
import { resendVerification, verifyEmail } from './email-verification.service';
import { changePassword } from './password-change.service';
import { requestPasswordReset, resetPassword } from './password-reset.service';

/** Accounts: registration (purchase required), e-mail verification, login/logout, password recovery. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  // Failures only: a crowd behind one address signs up and in freely. The per-address limits need no body, so they
  // run before the body is read; the per address + e-mail one reads it.
  const failures = authFailureLimits(app);
  app.post(
    '/api/auth/register',
    {
      bodyLimit: AUTH_BODY_LIMIT,
      config: { access: 'public' },
      onRequest: failures.register,
      schema: { body: registerInput, response: { 201: registerResponse } },
    },
    async (request, reply) => {
      const registered = await registerAccount(app, request.body);
      await recordDevice(app.db, request, registered.userId);
      return reply.status(201).send(registered);
    },
  );

  app.post(
    '/api/auth/verify-email',
    {
      bodyLimit: AUTH_BODY_LIMIT,
      config: { access: 'public', rateLimit: rateLimits.verifyEmail },
      schema: { body: verifyEmailInput, response: { 200: messageBody } },
    },
    async (request) => ({ message: await verifyEmail(app, request.body) }),
  );

  app.post(
    '/api/auth/resend-verification',
    {
      bodyLimit: AUTH_BODY_LIMIT,
      config: { access: 'public', rateLimit: rateLimits.mail },
      schema: { body: resendVerificationInput, response: { 200: messageBody } },
    },
    async (request) => ({ message: await resendVerification(app, request.body.email) }),
  );

  app.post(
    '/api/auth/forgot-password',
    {
      bodyLimit: AUTH_BODY_LIMIT,
      config: { access: 'public', rateLimit: rateLimits.mail },
      schema: { body: forgotPasswordInput, response: { 200: messageBody } },
    },
    async (request) => ({ message: await requestPasswordReset(app, request.body.email) }),
  );

  app.post(
    '/api/auth/reset-password',
    {
      bodyLimit: AUTH_BODY_LIMIT,
      config: { access: 'public' },
      onRequest: failures.resetPassword,
      schema: { body: resetPasswordInput, response: { 200: messageBody } },
    },
    async (request) => ({ message: await resetPassword(app, request.body) }),
  );

  app.post(
    '/api/auth/login',
    {
      bodyLimit: AUTH_BODY_LIMIT,
      config: { access: 'public' },
      onRequest: failures.loginPerAddress,
      preHandler: failures.login,
      schema: { body: loginInput, response: { 200: currentUser } },
    },
    async (request, reply) => {
      const user = await authenticate(app, request.body);
      // A login replaces whatever session this browser had.
      const previous = request.cookies[SESSION_COOKIE];
      if (previous) await endSession(app.db, sha256(previous));
      await startSession(app.db, reply, app.config, user.id, request.headers['user-agent']);
      await recordDevice(app.db, request, user.id);
      return currentUserOf(user);
    },
  );

  app.post(
    '/api/auth/logout',
    { bodyLimit: AUTH_BODY_LIMIT, config: { access: 'public' }, schema: { response: { 200: messageBody } } },
    async (request, reply) => {
      // The cookie's own session ends even when its user can no longer sign in (cancelled, unverified).
      const token = request.cookies[SESSION_COOKIE];
      if (token) await endSession(app.db, sha256(token));
      clearSessionCookie(reply, app.config);
      return { message: 'Sessão encerrada.' };
    },
  );

  app.post(
    '/api/user/password',
    {
      bodyLimit: AUTH_BODY_LIMIT,
      config: { access: 'member' },
      preHandler: failures.changePassword,
      schema: { body: changePasswordInput, response: { 200: messageBody } },
    },
    async (request) => ({
      message: await changePassword(app, signedInUser(request).id, request.sessionHash, request.body),
    }),
  );

  app.get(
    '/api/auth/user',
    { config: { access: 'public' }, schema: { response: { 200: currentUser } } },
    async (request) => {
      if (!request.user) throw new UnauthorizedError();
      return currentUserOf(request.user);
    },
  );
};
