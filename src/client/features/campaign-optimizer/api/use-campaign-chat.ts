import { useMutation } from '@tanstack/react-query';
import type { AnalysisAnswer, CampaignChatInput } from '../../../../shared/schemas/campaign-analysis';
import { api } from '../../../lib/api-client';

/** POST /api/chat `{mensagem, dados}` -> `{resposta}`. */
export function useCampaignChat() {
  return useMutation({
    mutationFn: (input: CampaignChatInput) => api.post<AnalysisAnswer>('/api/chat', input),
  });
}
