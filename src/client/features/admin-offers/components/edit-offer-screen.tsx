import { zodResolver } from '@hookform/resolvers/zod';
import { Save } from 'lucide-react';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { NICHES_SUBMISSION_FORM, type OfferDetail } from '../../../../shared/schemas/offers';
import { CreativeUpload, type CreativeValue } from '../../../components/offer-form/creative-upload';
import {
  FormSection,
  OfferClassificationFields,
  OfferLinkFields,
  OfferMetricFields,
  TextField,
} from '../../../components/offer-form/offer-form-fields';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../lib/toast';
import { useOfferForEdit } from '../api/use-offer-for-edit';
import { useUpdateOffer } from '../api/use-update-offer';
import { editOfferForm, editValuesOf, toOfferInput } from '../offer-form';
import { OfferFormLayout } from './offer-form-layout';
import { OfferLoadError, PageLoading } from './page-states';

const ID = 'edit-offer';

function EditOfferForm({ offer }: { offer: OfferDetail }) {
  const navigate = useNavigate();
  const update = useUpdateOffer(offer.id);
  const current: CreativeValue | null = offer.creative
    ? { url: offer.creative, type: offer.creativeType }
    : null;
  const [creative, setCreative] = useState<CreativeValue | null>(null);
  const [uploading, setUploading] = useState(false);
  const methods = useForm({ resolver: zodResolver(editOfferForm), defaultValues: editValuesOf(offer) });

  const onSubmit = methods.handleSubmit((values) => {
    update.mutate(toOfferInput(values, creative ?? current), {
      onSuccess: () => {
        toast.success('Oferta atualizada');
        navigate('/admin?tab=escaladas');
      },
      onError: () =>
        toast.error('Erro ao atualizar', { description: 'Erro ao atualizar oferta. Tente novamente.' }),
    });
  });

  return (
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
              <Button variant="secondary" onClick={() => navigate('/admin?tab=escaladas')}>
                Cancelar
              </Button>
              <Button type="submit" disabled={update.isPending || uploading}>
                {update.isPending ? <Spinner /> : <Save className="h-4 w-4" aria-hidden />}
                Salvar Alterações
              </Button>
            </>
          }
        >
          <div className="flex flex-wrap items-center gap-2 text-xs text-muted">
            <Badge variant={offer.visible ? 'primary' : 'default'}>
              {offer.visible ? 'Visível' : 'Oculta'}
            </Badge>
            {offer.userName ? <span>Publicada por {offer.userName}</span> : null}
          </div>
          <FormSection title="Oferta">
            <TextField idPrefix={ID} name="productTitle" label="Título *" />
            <TextField idPrefix={ID} name="advertiser" label="Anunciante *" />
            <TextField idPrefix={ID} name="adText" label="Texto do anúncio" multiline />
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
  );
}

/** /admin/editar-oferta/{id}: loads the offer (hidden ones too) and edits every field. */
export function EditOfferScreen({ id }: { id: string }) {
  const offer = useOfferForEdit(id);
  if (offer.isPending) return <PageLoading />;
  if (offer.isError) return <OfferLoadError error={offer.error} />;
  return <EditOfferForm offer={offer.data} />;
}
