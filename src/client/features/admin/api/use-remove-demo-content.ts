import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DemoContentCounts } from '../../../../shared/schemas/admin';
import { api, errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';

/** DELETE /api/admin/demo-content: removes it; every screen's data is fetched again (offers, posts, members...). */
export function useRemoveDemoContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<DemoContentCounts>('/api/admin/demo-content'),
    onSuccess: () => {
      toast.success('Conteúdo de demonstração removido');
      void queryClient.invalidateQueries();
    },
    onError: (error) =>
      toast.error('Conteúdo de demonstração não removido', {
        description: errorMessage(error, 'Não foi possível remover o conteúdo de demonstração.'),
      }),
  });
}
