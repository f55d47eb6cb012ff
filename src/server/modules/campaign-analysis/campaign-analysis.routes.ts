import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ANALYSIS_BODY_LIMIT,
  analysisAnswer,
  campaignChatInput,
  validateCreativesInput,
} from '../../../shared/schemas/campaign-analysis';
import { currentUser } from '../../plugins/access';
import { memberLimitKey } from '../../plugins/rate-limit';
import { answerCampaignChat, answerCreativeValidation } from './campaign-analysis.service';
import { languageModelFrom } from './language-model';

/** Per member and per route: each analysis may call a paid model. */
export const ANALYSIS_RATE_LIMIT = { max: 30, timeWindow: 10 * 60 * 1000 } as const;

// The key reads the signed-in member, loaded by the access hook (onRequest); preHandler runs after it.
const perMember = (name: string) =>
  ({
    ...ANALYSIS_RATE_LIMIT,
    hook: 'preHandler',
    keyGenerator: memberLimitKey(name),
  }) satisfies RateLimitOptions;

/**
 * The campaign optimizer and the creative validator (POST /api/chat, POST /api/validar-criativos): members only,
 * rate limited per member, answer `{resposta}`. Bad data is refused by the shared schemas with a Portuguese 400.
 */
export const campaignAnalysisRoutes: FastifyPluginAsyncZod = async (app) => {
  const model = languageModelFrom(app.config, app.log);

  app.post(
    '/api/chat',
    {
      bodyLimit: ANALYSIS_BODY_LIMIT,
      config: { access: 'member', rateLimit: perMember('analysis-chat') },
      schema: { body: campaignChatInput, response: { 200: analysisAnswer } },
    },
    async (request) => answerCampaignChat(app.db, model, currentUser(request).id, request.body.dados),
  );

  app.post(
    '/api/validar-criativos',
    {
      bodyLimit: ANALYSIS_BODY_LIMIT,
      config: { access: 'member', rateLimit: perMember('analysis-creatives') },
      schema: { body: validateCreativesInput, response: { 200: analysisAnswer } },
    },
    async (request) =>
      answerCreativeValidation(app.db, model, currentUser(request).id, request.body.criativos),
  );
};
