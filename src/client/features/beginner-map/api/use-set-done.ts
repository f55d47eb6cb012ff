import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { BeginnerMap, CompletionResult } from '../../../../shared/schemas/beginner-map';
import { api, errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { beginnerMapKeys } from './keys';

type Kind = 'lessons' | 'steps';
export interface DoneChange {
  id: string;
  done: boolean;
}

/** Sets one lesson's or step's `done` in the cached map (the other items are left as they are). */
function patchDone(queryClient: QueryClient, kind: Kind, { id, done }: DoneChange) {
  queryClient.setQueryData<BeginnerMap>(beginnerMapKeys.all, (map) =>
    map
      ? {
          ...map,
          [kind]: (map[kind] as Array<{ id: string; done: boolean }>).map((item) =>
            item.id === id ? { ...item, done } : item,
          ),
        }
      : map,
  );
}

/**
 * POST (done) or DELETE (undone) /api/beginner-map/{lessons|steps}/{id}/done: shown at once, put back with an
 * error toast when the server refuses or cannot be reached.
 */
function useSetDone(kind: Kind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, done }: DoneChange) => {
      const path = `/api/beginner-map/${kind}/${encodeURIComponent(id)}/done`;
      return done ? api.post<CompletionResult>(path) : api.delete<CompletionResult>(path);
    },
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: beginnerMapKeys.all });
      const items = queryClient.getQueryData<BeginnerMap>(beginnerMapKeys.all)?.[kind] ?? [];
      const before = items.find((item) => item.id === change.id)?.done ?? !change.done;
      patchDone(queryClient, kind, change);
      return { before };
    },
    onSuccess: (result) => patchDone(queryClient, kind, result),
    onError: (error, change, context) => {
      patchDone(queryClient, kind, { id: change.id, done: context?.before ?? !change.done });
      toast.error('Não foi possível salvar seu progresso', {
        description: errorMessage(error, 'Tente novamente.'),
      });
    },
  });
}

export const useSetLessonDone = () => useSetDone('lessons');
export const useSetStepDone = () => useSetDone('steps');
