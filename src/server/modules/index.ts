import type { FastifyPluginAsync } from 'fastify';
import { adminRoutes } from './admin/admin.routes';
import { authRoutes } from './auth/auth.routes';
import { balanceRoutes } from './balance/balance.routes';
import { bannersRoutes } from './banners/banners.routes';
import { beginnerMapRoutes } from './beginner-map/beginner-map.routes';
import { campaignAnalysisRoutes } from './campaign-analysis/campaign-analysis.routes';
import { clonerRoutes } from './cloner/cloner.routes';
import { clubRoutes } from './club/club.routes';
import { communityRoutes } from './community/community.routes';
import { demoContentRoutes } from './demo-content/demo-content.routes';
import { liveCallsRoutes } from './live-calls/live-calls.routes';
import { monitoringRoutes } from './monitoring/monitoring.routes';
import { notificationsRoutes } from './notifications/notifications.routes';
import { notificationPreferencesRoutes } from './notifications/preferences.routes';
import { offersRoutes } from './offers/offers.routes';
import { pixRoutes } from './pix/pix.routes';
import { profileRoutes } from './profile/profile.routes';
import { pushRoutes } from './push/push.routes';
import { readinessRoutes } from './readiness/readiness.routes';
import { slugCheckerRoutes } from './slug-checker/slug-checker.routes';
import { systemRoutes } from './system/system.routes';
import { uploadsRoutes } from './uploads/uploads.routes';
import { userOffersRoutes } from './user-offers/user-offers.routes';
import { webhookRoutes } from './webhook/webhook.routes';

/** Every domain module, registered in this order by app.ts. */
export const modules: FastifyPluginAsync[] = [
  systemRoutes,
  monitoringRoutes,
  clubRoutes,
  uploadsRoutes,
  webhookRoutes,
  adminRoutes,
  readinessRoutes,
  demoContentRoutes,
  notificationsRoutes,
  notificationPreferencesRoutes,
  authRoutes,
  profileRoutes,
  pushRoutes,
  balanceRoutes,
  pixRoutes,
  offersRoutes,
  userOffersRoutes,
  bannersRoutes,
  slugCheckerRoutes,
  clonerRoutes,
  communityRoutes,
  campaignAnalysisRoutes,
  liveCallsRoutes,
  beginnerMapRoutes,
];
