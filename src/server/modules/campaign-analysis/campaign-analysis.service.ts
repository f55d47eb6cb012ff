import type { AnalysisAnswer, CreativeItem, FunnelData } from '../../../shared/schemas/campaign-analysis';
import { analyzeCreatives } from './creatives-engine';
import { analyzeFunnel } from './funnel-engine';
import type { AnalysisKind, LanguageModel } from './language-model';

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

/** POST /api/chat. */
export function answerCampaignChat(model: LanguageModel | null, dados: FunnelData): Promise<AnalysisAnswer> {
  return answerWith(model, 'otimizador', analyzeFunnel(dados).text);
}

/** POST /api/validar-criativos. */
export function answerCreativeValidation(
  model: LanguageModel | null,
  criativos: CreativeItem[],
): Promise<AnalysisAnswer> {
  return answerWith(model, 'criativos', analyzeCreatives(criativos).text);
}
