import { useFormContext, useWatch } from 'react-hook-form';
import { SUBMISSION_AD_TEXT_MAX } from '../../../shared/offer-constants';
import { formatCount } from '../../lib/format';
import { Input, Textarea } from '../ui/input';

function FieldMessage({ id, error, children }: { id: string; error?: string; children: string }) {
  return error ? (
    <p id={id} role="alert" className="text-xs text-red-400">
      {error}
    </p>
  ) : (
    <p id={id} className="text-xs text-muted">
      {children}
    </p>
  );
}

/**
 * 'Anunciante' and 'Texto do anúncio' of a submission (member form and the administrator's edit), both optional:
 * on approval the catalogue card shows the name (else the advertiser link's domain) and the offer's page the text.
 */
export function SubmissionTextFields({ idPrefix }: { idPrefix: string }) {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext();
  const adText = useWatch({ control, name: 'adText' });
  const advertiserId = `${idPrefix}-advertiser`;
  const adTextId = `${idPrefix}-adText`;
  const advertiserError = errors.advertiser?.message;
  const adTextError = errors.adText?.message;
  const length = typeof adText === 'string' ? adText.trim().length : 0;

  return (
    <>
      <div className="space-y-1.5">
        <label htmlFor={advertiserId} className="block text-sm font-medium text-zinc-300">
          Anunciante
        </label>
        <Input
          id={advertiserId}
          placeholder="Ex.: Vida Leve Naturais"
          aria-invalid={advertiserError ? true : undefined}
          aria-describedby={`${advertiserId}-hint`}
          {...register('advertiser')}
        />
        <FieldMessage
          id={`${advertiserId}-hint`}
          error={typeof advertiserError === 'string' ? advertiserError : undefined}
        >
          Opcional. O nome da página que anuncia, como aparece no card da oferta. Sem ele, o card mostra o
          domínio do link do anunciante.
        </FieldMessage>
      </div>
      <div className="space-y-1.5">
        <label htmlFor={adTextId} className="block text-sm font-medium text-zinc-300">
          Texto do anúncio
        </label>
        <Textarea
          id={adTextId}
          rows={4}
          placeholder="Cole aqui a copy do anúncio, como está na biblioteca"
          aria-invalid={adTextError ? true : undefined}
          aria-describedby={`${adTextId}-hint`}
          {...register('adText')}
        />
        <FieldMessage
          id={`${adTextId}-hint`}
          error={typeof adTextError === 'string' ? adTextError : undefined}
        >
          {`Opcional. Aparece na página da oferta e entra na busca do catálogo. ${formatCount(length)} de ${formatCount(SUBMISSION_AD_TEXT_MAX)} caracteres.`}
        </FieldMessage>
      </div>
    </>
  );
}
