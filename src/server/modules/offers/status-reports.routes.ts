import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  offerIdParam,
  reportStatusInput,
  reportStatusResult,
  statusReportCounts,
  userStatusReport,
} from '../../../shared/schemas/offers';
import { viewerOf } from '../../plugins/access';
import { getStatusReportCounts, getViewerStatusReport, reportOfferStatus } from './status-reports.service';

const member = { access: 'member' } as const;

/** 'Report Status': one vote (ativo or inativo) per member per offer, changeable. */
export const statusReportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/offers/:id/status-report-counts',
    { config: member, schema: { params: offerIdParam, response: { 200: statusReportCounts } } },
    async (request) => getStatusReportCounts(app.db, viewerOf(request), request.params.id),
  );

  app.get(
    '/api/offers/:id/user-status-report',
    { config: member, schema: { params: offerIdParam, response: { 200: userStatusReport } } },
    async (request) => getViewerStatusReport(app.db, viewerOf(request), request.params.id),
  );

  app.post(
    '/api/offers/:id/report-status',
    {
      config: member,
      schema: { params: offerIdParam, body: reportStatusInput, response: { 200: reportStatusResult } },
    },
    async (request) => {
      const counts = await reportOfferStatus(
        app.db,
        viewerOf(request),
        request.params.id,
        request.body.reportedStatus,
      );
      return { message: 'Seu voto foi enviado aos administradores com sucesso.', counts };
    },
  );
};
