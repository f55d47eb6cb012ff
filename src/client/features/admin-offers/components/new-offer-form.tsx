import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { NICHES_SCALED_OFFER_FORM } from '../../../../shared/schemas/offers';
import type { z } from '../../../../shared/schemas/zod';
import { CreativeUpload, type CreativeValue } from '../../../components/offer-form/creative-upload';
import {
  FormSection,
  OfferClassificationFields,
  OfferLinkFields,
  OfferMetricFields,
  TextField,
} from '../../../components/offer-form/offer-form-fields';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useCreateOffer } from '../api/use-create-offer';
import { newOfferForm, toOfferInput } from '../offer-form';
import { OfferFormLayout } from './offer-form-layout';

type Values = z.input<typeof newOfferForm>;
const EMPTY = {
  productTitle: '',
  advertiser: '',
  adText: '',
  advertiserLink: '',
  creativeLink: '',
  libraryLink: '',
  siteLink: '',
  status: '' as Values['status'],
  format: '' as Values['format'],
  language: '' as Values['language'],
  niche: '' as Values['niche'],
  ads: '',
  roas: '',
  ticket: '',
} satisfies Values;

const ID = 'new-offer';

/** /nova-oferta: the administrator publishes a scaled offer (every link and select required). */
export function NewOfferForm({ onPublished }: { onPublished: () => void }) {
  const navigate = useNavigate();
  const create = useCreateOffer();
  const [creative, setCreative] = useState<CreativeValue | null>(null);
  const [uploading, setUploading] = useState(false);
  const methods = useForm({ resolver: zodResolver(newOfferForm), defaultValues: EMPTY });

  const onSubmit = methods.handleSubmit((values) => {
    create.mutate(toOfferInput(values, creative), {
      onSuccess: () => {
        toast.success('Oferta publicada com sucesso!');
        onPublished();
      },
      onError: (error) =>
        toast.error('Erro ao publicar oferta. Tente novamente.', {
          description: error instanceof ApiError && error.status < 500 ? error.message : undefined,
        }),
    });
  });

  return (
    <FormProvider {...methods}>
      <form onSubmit={onSubmit} noValidate>
        <OfferFormLayout
          creative={
            <CreativeUpload
              label="Criativo (opcional)"
              value={creative}
              onChange={setCreative}
              onBusyChange={setUploading}
            />
          }
          actions={
            <>
              <Button variant="secondary" onClick={() => navigate('/admin?tab=escaladas')}>
                Cancelar
              </Button>
              <Button type="submit" disabled={create.isPending || uploading}>
                {create.isPending ? <Spinner /> : <Send className="h-4 w-4" aria-hidden />}
                {create.isPending ? 'Publicando...' : 'Publicar oferta'}
              </Button>
            </>
          }
        >
          <FormSection title="Oferta">
            <TextField idPrefix={ID} name="productTitle" label="Título *" placeholder="Nome do produto" />
            <TextField
              idPrefix={ID}
              name="advertiser"
              label="Anunciante"
              placeholder="Se vazio, usa o domínio do link do anunciante"
            />
            <TextField
              idPrefix={ID}
              name="adText"
              label="Texto do anúncio"
              multiline
              placeholder="A copy do anúncio (entra na busca do catálogo)"
            />
            <OfferClassificationFields idPrefix={ID} niches={NICHES_SCALED_OFFER_FORM} />
          </FormSection>
          <FormSection title="Métricas">
            <OfferMetricFields idPrefix={ID} />
          </FormSection>
          <FormSection title="Links">
            <OfferLinkFields idPrefix={ID} required />
          </FormSection>
        </OfferFormLayout>
      </form>
    </FormProvider>
  );
}
