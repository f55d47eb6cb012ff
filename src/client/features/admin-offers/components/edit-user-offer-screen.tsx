import { zodResolver } from '@hookform/resolvers/zod';
import { Save } from 'lucide-react';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { NICHES_SUBMISSION_FORM, type UserOffer } from '../../../../shared/schemas/offers';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { CreativeUpload, type CreativeValue } from '../../user-offers/components/creative-upload';
import {
  FormSection,
  OfferClassificationFields,
  OfferLinkFields,
  OfferMetricFields,
  TextField,
} from '../../user-offers/components/offer-form-fields';
import { useUpdateUserOffer } from '../api/use-update-user-offer';
import { useUserOffer } from '../api/use-user-offer';
import { editUserOfferForm, userOfferValuesOf } from '../offer-form';
import { AuthorBox } from './author-box';
import { OfferFormLayout } from './offer-form-layout';
import { OfferLoadError, PageLoading } from './page-states';

const ID = 'edit-user-offer';
export const USER_OFFERS_TAB_PATH = '/admin?tab=ofertas-usuarios';

function EditUserOfferForm({ offer }: { offer: UserOffer }) {
  const navigate = useNavigate();
  const update = useUpdateUserOffer(offer.id);
  const current: CreativeValue | null = offer.creative
    ? { url: offer.creative, type: offer.creativeType }
    : null;
  const [creative, setCreative] = useState<CreativeValue | null>(null);
  const [uploading, setUploading] = useState(false);
  const methods = useForm({
    resolver: zodResolver(editUserOfferForm),
    defaultValues: userOfferValuesOf(offer),
  });

  const onSubmit = methods.handleSubmit((values) => {
    const replaced = creative ? { creative: creative.url, creativeType: creative.type } : {};
    update.mutate(
      { ...values, ...replaced },
      {
        onSuccess: () => {
          toast.success('Oferta atualizada');
          navigate(USER_OFFERS_TAB_PATH);
        },
        onError: (error) =>
          toast.error('Erro ao atualizar oferta', { description: errorMessage(error, 'Tente novamente.') }),
      },
    );
  });

  return (
    <div className="space-y-6">
      <AuthorBox author={offer.author} />
      <FormProvider {...methods}>
        <form onSubmit={onSubmit} noValidate>
          <OfferFormLayout
            creative={
              <CreativeUpload
                label="Criativo da oferta"
                value={creative}
                onChange={setCreative}
                onBusyChange={setUploading}
                current={current}
              />
            }
            actions={
              <>
                <Button variant="secondary" onClick={() => navigate(USER_OFFERS_TAB_PATH)}>
                  Cancelar
                </Button>
                <Button type="submit" disabled={update.isPending || uploading}>
                  {update.isPending ? <Spinner /> : <Save className="h-4 w-4" aria-hidden />}
                  Salvar Alterações
                </Button>
              </>
            }
          >
            <FormSection title="Oferta">
              <TextField idPrefix={ID} name="productTitle" label="Título da oferta *" />
              <OfferClassificationFields
                idPrefix={ID}
                niches={NICHES_SUBMISSION_FORM}
                nicheScreen="submission"
                currentNiche={offer.niche}
              />
            </FormSection>
            <FormSection title="Métricas">
              <OfferMetricFields idPrefix={ID} />
            </FormSection>
            <FormSection title="Links">
              <OfferLinkFields idPrefix={ID} />
            </FormSection>
          </OfferFormLayout>
        </form>
      </FormProvider>
    </div>
  );
}

/** /admin/editar-oferta-usuario/{id}: the administrator corrects a pending submission before approving it. */
export function EditUserOfferScreen({ id }: { id: string }) {
  const offer = useUserOffer(id);
  if (offer.isPending) return <PageLoading />;
  if (offer.isError) return <OfferLoadError error={offer.error} />;
  return <EditUserOfferForm offer={offer.data} />;
}
