import { zodResolver } from '@hookform/resolvers/zod';
import { Send, ShieldCheck, Trophy } from 'lucide-react';
import { useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import {
  APPROVAL_POINTS,
  NICHES_SUBMISSION_FORM,
  type UserOfferInput,
  userOfferInput,
} from '../../../../shared/schemas/offers';
import { CreativeUpload } from '../../../components/offer-form/creative-upload';
import {
  FormSection,
  OfferClassificationFields,
  OfferLinkFields,
  OfferMetricFields,
  TextField,
} from '../../../components/offer-form/offer-form-fields';
import { SubmissionTextFields } from '../../../components/offer-form/submission-text-fields';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useSubmitUserOffer } from '../api/use-submit-user-offer';
import { MySubmissions } from './my-submissions';

const EMPTY: UserOfferInput = {
  creative: '',
  creativeType: 'image',
  productTitle: '',
  advertiser: '',
  adText: '',
  advertiserLink: '',
  creativeLink: '',
  libraryLink: '',
  siteLink: '',
  // Selects start on 'Selecione': the schema answers 'Status é obrigatório' and friends.
  status: '' as UserOfferInput['status'],
  format: '' as UserOfferInput['format'],
  language: '' as UserOfferInput['language'],
  niche: '',
  ads: '',
  roas: '',
  ticket: '',
};

/** What approval gives, said exactly: the catalogue, the author, the points and where they show. */
function ReviewNotice() {
  return (
    <div className="flex gap-3 rounded-xl border border-primary/30 bg-primary/10 p-4 text-sm text-green-100">
      <ShieldCheck className="mt-0.5 h-5 w-5 shrink-0 text-primary" aria-hidden />
      <div className="space-y-2">
        <p className="font-semibold">Sua oferta passa pela revisão de um administrador</p>
        <p className="text-green-100/85">
          Se for aprovada, ela entra no catálogo de Ofertas Escaladas, visível para todos os membros, com você
          como autor, e você ganha{' '}
          <strong className="inline-flex items-center gap-1 whitespace-nowrap text-primary">
            <Trophy className="h-3.5 w-3.5" aria-hidden />
            {APPROVAL_POINTS} pontos
          </strong>
          , que aparecem no seu perfil. Se for recusada, o motivo aparece em Minhas ofertas. Nos dois casos
          você recebe um aviso no sino.
        </p>
        <p className="text-green-100/70">
          Esses pontos não entram no ranking mensal: o ranking conta as curtidas que você recebe no mês,
          inclusive as de outros membros na sua oferta aprovada.
        </p>
      </div>
    </div>
  );
}

/** The 'Subir Oferta' tab: a member sends an offer for review; 10 points when approved. */
export default function SubmitOfferTab() {
  const submit = useSubmitUserOffer();
  const [uploading, setUploading] = useState(false);
  // A new key remounts the upload widget after a successful send, clearing its preview.
  const [formKey, setFormKey] = useState(0);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const methods = useForm({ resolver: zodResolver(userOfferInput), defaultValues: EMPTY });
  const {
    handleSubmit,
    setValue,
    watch,
    reset,
    formState: { errors, isSubmitted },
  } = methods;
  const creative = watch('creative');
  const creativeType = watch('creativeType');

  const onSubmit = handleSubmit((values) => {
    submit.mutate(values, {
      onSuccess: () => {
        toast.success('Oferta enviada com sucesso!', {
          description: 'Sua oferta foi enviada para análise. Aguarde a aprovação de um administrador.',
        });
        reset(EMPTY);
        setFormKey((key) => key + 1);
        // The new submission tops 'Minhas ofertas', as 'Em análise'.
        listHeading.current?.focus();
      },
      onError: (error) =>
        toast.error('Erro ao enviar oferta', {
          description: errorMessage(error, 'Tente novamente mais tarde.'),
        }),
    });
  });

  return (
    <FormProvider {...methods}>
      <div className="mx-auto max-w-6xl space-y-6">
        <ReviewNotice />
        <MySubmissions ref={listHeading} />
        <form onSubmit={onSubmit} noValidate aria-labelledby="nova-oferta-title" className="space-y-4">
          <h2 id="nova-oferta-title" className="text-lg font-semibold">
            Enviar nova oferta
          </h2>
          <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
            <Card className="h-fit space-y-4 lg:sticky lg:top-4">
              <FormSection title="Criativo">
                <CreativeUpload
                  key={formKey}
                  label="Criativo da oferta *"
                  value={creative ? { url: creative, type: creativeType ?? 'image' } : null}
                  onChange={(next) => {
                    setValue('creative', next?.url ?? '', { shouldValidate: isSubmitted });
                    setValue('creativeType', next?.type ?? 'image');
                  }}
                  onBusyChange={setUploading}
                  error={errors.creative?.message}
                />
              </FormSection>
            </Card>

            <Card className="space-y-8">
              <FormSection title="Oferta">
                <TextField
                  idPrefix="submit-offer"
                  name="productTitle"
                  label="Título da oferta *"
                  placeholder="Ex.: Método Seca Barriga"
                />
                <OfferClassificationFields
                  idPrefix="submit-offer"
                  niches={NICHES_SUBMISSION_FORM}
                  nicheScreen="submission"
                />
              </FormSection>
              <FormSection title="Anúncio">
                <SubmissionTextFields idPrefix="submit-offer" />
              </FormSection>
              <FormSection title="Métricas">
                <OfferMetricFields idPrefix="submit-offer" />
              </FormSection>
              <FormSection title="Links">
                <OfferLinkFields idPrefix="submit-offer" required />
              </FormSection>
              <Button type="submit" size="lg" className="w-full" disabled={submit.isPending || uploading}>
                {submit.isPending ? <Spinner /> : <Send className="h-4 w-4" aria-hidden />}
                {submit.isPending ? 'Enviando...' : 'Enviar para revisão'}
              </Button>
            </Card>
          </div>
        </form>
      </div>
    </FormProvider>
  );
}
