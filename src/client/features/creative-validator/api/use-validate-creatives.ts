import { useMutation } from '@tanstack/react-query';
import type { AnalysisAnswer, ValidateCreativesInput } from '../../../../shared/schemas/campaign-analysis';
import { api } from '../../../lib/api-client';

/** POST /api/validar-criativos `{mensagem, criativos}` -> `{resposta}`. */
export function useValidateCreatives() {
  return useMutation({
    mutationFn: (input: ValidateCreativesInput) => api.post<AnalysisAnswer>('/api/validar-criativos', input),
  });
}
