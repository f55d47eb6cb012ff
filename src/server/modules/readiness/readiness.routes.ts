import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminReadiness } from '../../../shared/schemas/admin';
import { messageBody } from '../../../shared/schemas/common';
import { memberLimitKey } from '../../plugins/rate-limit';
import { measureReadinessFacts } from './backup-disk';
import { readinessReport, sendReadinessTestEmail } from './readiness.service';

/** Test mails per administrator: each one is a real message through the club's SMTP. */
export const TEST_EMAIL_LIMIT = { max: 5, timeWindow: 15 * 60 * 1000 };

/** 'Pronto para produção' (the admin panel): the items of `npm run doctor` and the test e-mail. */
export const readinessRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/readiness',
    { config: { access: 'admin' }, schema: { response: { 200: adminReadiness } } },
    async () => readinessReport(app.db, app.config, await measureReadinessFacts(app.config)),
  );

  app.post(
    '/api/admin/readiness/test-email',
    {
      config: {
        access: 'admin',
        rateLimit: { ...TEST_EMAIL_LIMIT, keyGenerator: memberLimitKey('readiness-test-email') },
      },
      schema: { response: { 200: messageBody } },
    },
    async () => sendReadinessTestEmail({ mailer: app.mailer, config: app.config }),
  );
};
