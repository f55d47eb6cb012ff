import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminBeginnerMapLesson, BeginnerMapLessonData } from '../../../../shared/schemas/beginner-map';
import { api, errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { beginnerMapKeys } from './keys';

/** PUT /api/admin/beginner-map/lessons/{id}: the administrator's edit of a lesson or partner tool. */
export function useSaveLesson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, data }: { id: string; data: BeginnerMapLessonData; partnerTool: boolean }) =>
      api.put<AdminBeginnerMapLesson>(`/api/admin/beginner-map/lessons/${encodeURIComponent(id)}`, data),
    onSuccess: (_lesson, { partnerTool }) =>
      toast.success(partnerTool ? 'Ferramenta atualizada' : 'Aula atualizada', {
        description: 'Os membros veem a mudança ao abrir o Mapa do Iniciante.',
      }),
    onError: (error, { partnerTool }) =>
      toast.error(partnerTool ? 'Erro ao atualizar ferramenta' : 'Erro ao atualizar aula', {
        description: errorMessage(error, 'Tente novamente.'),
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: beginnerMapKeys.all }),
  });
}
