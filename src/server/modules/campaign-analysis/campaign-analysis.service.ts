import type { AnalysisAnswer, CreativeItem, FunnelData } from '../../../shared/schemas/campaign-analysis';
import type { DbOrTx } from '../../db/client';
import { analyzeCreatives } from './creatives-engine';
import { analyzeFunnel } from './funnel-engine';
import type { AnalysisKind, LanguageModel } from './language-model';
import { recordToolRun } from './tool-runs.repo';

/**
 * The two analyses: the engine computes; the model, when configured, only retells the engine's text. The
 * member's `mensagem` (the summary the screen shows in the chat) is not used: the structured data is.
 */
async function answerWith(
  model: LanguageModel | null,
  kind: AnalysisKind,
  engineText: string,
): Promise<AnalysisAnswer> {
  const narrated = model ? await model.narrate(kind, engineText) : null;
  return { resposta: narrated ?? engineText };
}

/** POST /api/chat: the analysis, and the run counted for the owner's dashboard. */
export async function answerCampaignChat(
  db: DbOrTx,
  model: LanguageModel | null,
  userId: string,
  dados: FunnelData,
): Promise<AnalysisAnswer> {
  const answer = await answerWith(model, 'otimizador', analyzeFunnel(dados).text);
  await recordToolRun(db, userId, 'optimizer');
  return answer;
}

/** POST /api/validar-criativos: the analysis, and the run counted for the owner's dashboard. */
export async function answerCreativeValidation(
  db: DbOrTx,
  model: LanguageModel | null,
  userId: string,
  criativos: CreativeItem[],
): Promise<AnalysisAnswer> {
  const answer = await answerWith(model, 'criativos', analyzeCreatives(criativos).text);
  await recordToolRun(db, userId, 'validator');
  return answer;
}
