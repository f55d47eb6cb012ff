import { zodResolver } from '@hookform/resolvers/zod';
import { HardDrive, Save } from 'lucide-react';
import { FormProvider, useForm } from 'react-hook-form';
import {
  OFFER_FORMATS,
  OFFER_LANGUAGES,
  OFFER_NICHES,
  OFFER_STATUS_LABELS,
  OFFER_STATUSES,
} from '../../../../shared/schemas/offers';
import { FormSection, SelectField, TextField } from '../../../components/offer-form/offer-form-fields';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { toast } from '../../../lib/toast';
import { LOCAL_OFFER_REQUIRED, localOfferForm, saveLocalOffer } from '../local-offers';

const toOptions = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

/** /adicionar-oferta: a quick note of an offer, kept only in this browser. */
export function LocalOfferForm({ onSaved }: { onSaved: () => void }) {
  const methods = useForm({
    resolver: zodResolver(localOfferForm),
    defaultValues: {
      productTitle: '',
      advertiser: '',
      status: 'validando' as const,
      niche: '' as const,
      format: '' as const,
      language: '' as const,
      siteLink: '',
      adText: '',
    },
  });

  const onSubmit = methods.handleSubmit(
    (values) => {
      try {
        saveLocalOffer(values);
      } catch {
        toast.error('Não foi possível salvar', {
          description:
            'O navegador bloqueou o armazenamento local. Verifique as permissões e tente novamente.',
        });
        return;
      }
      toast.success('Oferta salva neste navegador');
      onSaved();
    },
    () => toast.error(LOCAL_OFFER_REQUIRED),
  );

  return (
    <FormProvider {...methods}>
      <form onSubmit={onSubmit} noValidate className="space-y-6">
        <div className="flex gap-3 rounded-xl border border-warning/40 bg-warning/10 p-4 text-sm text-amber-100">
          <HardDrive className="mt-0.5 h-5 w-5 shrink-0 text-warning" aria-hidden />
          <p>
            Esta oferta fica salva <strong>apenas neste navegador</strong>: não é enviada ao servidor nem
            aparece para outros membros. Para enviar uma oferta ao clube, use a aba{' '}
            <strong>Subir Oferta</strong>.
          </p>
        </div>
        <Card className="space-y-8">
          <FormSection title="Oferta">
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                idPrefix="local-offer"
                name="productTitle"
                label="Título *"
                placeholder="Nome do produto"
              />
              <TextField
                idPrefix="local-offer"
                name="advertiser"
                label="Anunciante *"
                placeholder="Nome da página"
              />
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <SelectField
                idPrefix="local-offer"
                name="status"
                label="Status"
                options={OFFER_STATUSES.map((value) => ({ value, label: OFFER_STATUS_LABELS[value] }))}
              />
              <SelectField
                idPrefix="local-offer"
                name="niche"
                label="Nicho"
                options={toOptions(OFFER_NICHES)}
              />
              <SelectField
                idPrefix="local-offer"
                name="format"
                label="Formato"
                options={toOptions(OFFER_FORMATS)}
              />
              <SelectField
                idPrefix="local-offer"
                name="language"
                label="Idioma"
                options={toOptions(OFFER_LANGUAGES)}
              />
            </div>
            <TextField
              idPrefix="local-offer"
              name="siteLink"
              label="Link do site"
              type="url"
              inputMode="url"
              placeholder="https://"
            />
            <TextField
              idPrefix="local-offer"
              name="adText"
              label="Texto do anúncio"
              multiline
              placeholder="Copie aqui a copy do anúncio"
            />
          </FormSection>
          <Button type="submit" size="lg" className="w-full">
            <Save className="h-4 w-4" aria-hidden />
            Salvar oferta
          </Button>
        </Card>
      </form>
    </FormProvider>
  );
}
