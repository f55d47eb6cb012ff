import { zodResolver } from '@hookform/resolvers/zod';
import { Check, Save, X } from 'lucide-react';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { NICHES_SUBMISSION_FORM, type UserOffer } from '../../../../shared/schemas/offers';
import { CreativeUpload, type CreativeValue } from '../../../components/offer-form/creative-upload';
import {
  FormSection,
  OfferClassificationFields,
  OfferLinkFields,
  OfferMetricFields,
  TextField,
} from '../../../components/offer-form/offer-form-fields';
import { SubmissionTextFields } from '../../../components/offer-form/submission-text-fields';
import { Button, buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useUpdateUserOffer } from '../api/use-update-user-offer';
import { useUserOffer } from '../api/use-user-offer';
import { editUserOfferForm, userOfferValuesOf } from '../offer-form';
import { adminEditOfferPath } from './admin-offers-tab';
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
            <FormSection title="Anúncio">
              <SubmissionTextFields idPrefix={ID} />
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

/** A submission already approved or refused cannot be edited: what was decided, when, and the way back. */
function DecidedSubmission({ offer }: { offer: UserOffer }) {
  const navigate = useNavigate();
  const approved = offer.state === 'aprovada';
  return (
    <div className="space-y-6">
      <AuthorBox author={offer.author} />
      <Card className="flex flex-col items-center gap-4 px-6 py-12 text-center">
        {approved ? (
          <Check className="h-10 w-10 text-primary" aria-hidden />
        ) : (
          <X className="h-10 w-10 text-danger" aria-hidden />
        )}
        <div className="max-w-xl space-y-2">
          <h2 className="text-xl font-semibold break-words">
            {approved ? 'Esta oferta já foi aprovada' : 'Esta oferta foi recusada'}
          </h2>
          <p className="text-sm text-muted">
            “{offer.productTitle}”, {approved ? 'aprovada' : 'recusada'} em {formatDate(offer.decidedAt)}. Uma
            oferta já revisada não pode mais ser editada
            {approved ? '; altere a oferta do catálogo.' : '.'}
          </p>
          {!approved ? (
            <p className="text-sm break-words whitespace-pre-line text-zinc-300">
              {offer.reason ? `Motivo: ${offer.reason}` : 'Nenhum motivo informado.'}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap justify-center gap-2">
          <Button variant="secondary" onClick={() => navigate(USER_OFFERS_TAB_PATH)}>
            Ver as ofertas pendentes
          </Button>
          {approved && offer.offerId ? (
            <Link to={adminEditOfferPath(offer.offerId)} className={buttonClass()}>
              Editar a oferta do catálogo
            </Link>
          ) : null}
        </div>
      </Card>
    </div>
  );
}

/** /admin/editar-oferta-usuario/{id}: the administrator corrects a pending submission before approving it. */
export function EditUserOfferScreen({ id }: { id: string }) {
  const offer = useUserOffer(id);
  if (offer.isPending) return <PageLoading />;
  if (offer.isError) return <OfferLoadError error={offer.error} />;
  if (offer.data.state !== 'pendente') return <DecidedSubmission offer={offer.data} />;
  return <EditUserOfferForm offer={offer.data} />;
}
