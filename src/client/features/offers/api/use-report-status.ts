import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OfferDetail, ReportStatusResult } from '../../../../shared/schemas/offers';
import { api } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { offerKeys } from './keys';

export type ReportedStatus = 'ativo' | 'inativo';

/** POST /api/offers/:id/report-status: the member's vote (changeable); the detail shows the new counts. */
export function useReportStatus(offerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reportedStatus: ReportedStatus) =>
      api.post<ReportStatusResult>(`/api/offers/${encodeURIComponent(offerId)}/report-status`, {
        reportedStatus,
      }),
    onSuccess: (result, reportedStatus) => {
      queryClient.setQueryData<OfferDetail>(offerKeys.detail(offerId), (offer) =>
        offer ? { ...offer, statusReports: result.counts, myReport: reportedStatus } : offer,
      );
      toast.success('Status reportado', {
        description: 'Seu voto foi enviado aos administradores com sucesso.',
      });
    },
    onError: () => toast.error('Não foi possível enviar seu voto. Tente novamente.'),
  });
}
