import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ledgerPage, ledgerQuery } from '../../../shared/schemas/pix';
import { currentUser } from '../../plugins/access';
import { getLedgerPage } from './balance.service';

/** The member's ledger: every credit and debit with its reason, newest first (GET /api/user/balance is in profile). */
export const balanceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/user/ledger',
    { config: { access: 'member' }, schema: { querystring: ledgerQuery, response: { 200: ledgerPage } } },
    async (request) => getLedgerPage(app.db, currentUser(request).id, request.query),
  );
};
