import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  reportStatusInput,
  reportStatusResult,
  statusReportCounts,
  userStatusReport,
} from '../../../shared/schemas/offers';
import { offerIdParam } from './offer-params';
import { requireOffer, viewerOf } from './offers.service';
import { countStatusReports, findUserStatusReport, upsertStatusReport } from './status-reports.repo';

const member = { access: 'member' } as const;

/** 'Report Status': one vote (ativo or inativo) per member per offer, changeable. */
export const statusReportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/offers/:id/status-report-counts',
    { config: member, schema: { params: offerIdParam, response: { 200: statusReportCounts } } },
    async (request) => {
      const offer = await requireOffer(app.db, viewerOf(request), request.params.id);
      return countStatusReports(app.db, offer.id);
    },
  );

  app.get(
    '/api/offers/:id/user-status-report',
    { config: member, schema: { params: offerIdParam, response: { 200: userStatusReport } } },
    async (request) => {
      const viewer = viewerOf(request);
      const offer = await requireOffer(app.db, viewer, request.params.id);
      return { reportedStatus: await findUserStatusReport(app.db, offer.id, viewer.id) };
    },
  );

  app.post(
    '/api/offers/:id/report-status',
    {
      config: member,
      schema: { params: offerIdParam, body: reportStatusInput, response: { 200: reportStatusResult } },
    },
    async (request) => {
      const viewer = viewerOf(request);
      const offer = await requireOffer(app.db, viewer, request.params.id);
      await upsertStatusReport(app.db, offer.id, viewer.id, request.body.reportedStatus);
      return {
        message: 'Seu voto foi enviado aos administradores com sucesso.',
        counts: await countStatusReports(app.db, offer.id),
      };
    },
  );
};
