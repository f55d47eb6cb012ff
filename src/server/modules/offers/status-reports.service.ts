import type { DbOrTx } from '../../db/client';
import type { Viewer } from '../../plugins/access';
import { requireOffer } from './offers.service';
import {
  countStatusReports,
  findUserStatusReport,
  type ReportedStatus,
  upsertStatusReport,
} from './status-reports.repo';

/** 'Report Status': one vote (ativo or inativo) per member per offer, changeable; on offers the viewer may see. */
export async function getStatusReportCounts(db: DbOrTx, viewer: Viewer, offerId: string) {
  const offer = await requireOffer(db, viewer, offerId);
  return countStatusReports(db, offer.id);
}

export async function getViewerStatusReport(db: DbOrTx, viewer: Viewer, offerId: string) {
  const offer = await requireOffer(db, viewer, offerId);
  return { reportedStatus: await findUserStatusReport(db, offer.id, viewer.id) };
}

/** Stores (or changes) the viewer's vote; answers the offer's new counts. */
export async function reportOfferStatus(
  db: DbOrTx,
  viewer: Viewer,
  offerId: string,
  reportedStatus: ReportedStatus,
) {
  const offer = await requireOffer(db, viewer, offerId);
  await upsertStatusReport(db, offer.id, viewer.id, reportedStatus);
  return countStatusReports(db, offer.id);
}
