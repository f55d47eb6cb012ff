import { Check, Copy, QrCode } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { PixCharge, PixChargeFormValues, PixChargeInput } from '../../../shared/schemas/pix';
import { errorMessage } from '../../lib/api-client';
import { formatBRL } from '../../lib/format';
import { lazyZodResolver } from '../../lib/lazy-zod-resolver';
import { toast } from '../../lib/toast';
import { Button } from '../ui/button';
import { Dialog, DialogContent, DialogFooter } from '../ui/dialog';
import { Field } from '../ui/field';
import { Input, Textarea } from '../ui/input';
import { Notice } from '../ui/notice';
import { NumberFormField } from '../ui/number-input';
import { Spinner } from '../ui/spinner';
import { TopUpUnavailable } from './top-up-unavailable';
import { usePixTopUp } from './use-balance';
import { useConfirmPix, useCreatePixCharge } from './use-pix';

/** The modal closes 2 s after the payment is confirmed; the copy indicator resets after 2 s. */
export const PIX_CLOSE_DELAY_MS = 2000;
export const PIX_COPIED_RESET_MS = 2000;

// The shared schema (same as POST /api/pix/charge), loaded lazily: Zod stays out of the screen's first load.
const pixChargeResolver = lazyZodResolver<PixChargeFormValues, PixChargeInput>(() =>
  import('../../../shared/schemas/pix').then((m) => m.pixChargeInput),
);

export interface PixTopUpDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Prefills the payer's name and e-mail (e.g. the member's own). */
  defaults?: { name?: string; email?: string };
}

/**
 * The PIX add-balance modal: form, then the charge (QR code and copy
 * code), then 'Concluir'; 'Novo PIX' goes back to the form. Closing it forgets the charge.
 */
export function PixTopUpDialog({ open, onOpenChange, defaults }: PixTopUpDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? (
        <DialogContent
          title="Adicionar Saldo"
          description="Recarregue seu saldo com PIX. O valor mínimo é R$ 50,00."
        >
          <PixTopUpFlow defaults={defaults} onDone={() => onOpenChange(false)} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function PixTopUpFlow({
  defaults,
  onDone,
}: {
  defaults?: PixTopUpDialogProps['defaults'];
  onDone: () => void;
}) {
  const [charge, setCharge] = useState<PixCharge | null>(null);
  // A club without PIX top-up (PIX_PROVIDER=off): no form that could only be refused.
  const topUpOff = usePixTopUp().data === 'off';
  if (topUpOff && !charge) return <TopUpUnavailable />;
  if (!charge) return <PixChargeForm defaults={defaults} onCharge={setCharge} />;
  return <PixChargeView key={charge.txId} charge={charge} onNew={() => setCharge(null)} onDone={onDone} />;
}

function PixChargeForm({
  defaults,
  onCharge,
}: {
  defaults?: PixTopUpDialogProps['defaults'];
  onCharge: (charge: PixCharge) => void;
}) {
  const create = useCreatePixCharge();
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<PixChargeFormValues, unknown, PixChargeInput>({
    resolver: pixChargeResolver,
    defaultValues: {
      amount: 50,
      name: defaults?.name ?? '',
      document: '',
      email: defaults?.email ?? '',
    },
  });

  const onSubmit = handleSubmit((input) => {
    create.mutate(input, {
      onSuccess: (charge) => {
        toast.success('PIX gerado com sucesso');
        onCharge(charge);
      },
      onError: (error) =>
        toast.error('Erro ao gerar PIX', { description: errorMessage(error, 'Ocorreu um erro inesperado') }),
    });
  });

  const invalid = (name: keyof typeof errors) => (errors[name] ? true : undefined);

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <NumberFormField
        control={control}
        name="amount"
        id="pix-amount"
        label="Valor (R$)"
        kind="money"
        placeholder="50,00"
      />
      <Field label="Nome completo" htmlFor="pix-name" error={errors.name?.message}>
        <Input
          id="pix-name"
          autoComplete="name"
          placeholder="Nome do pagador"
          aria-invalid={invalid('name')}
          {...register('name')}
        />
      </Field>
      <Field label="CPF" htmlFor="pix-document" error={errors.document?.message}>
        <Input
          id="pix-document"
          inputMode="numeric"
          autoComplete="off"
          placeholder="000.000.000-00"
          maxLength={20}
          aria-invalid={invalid('document')}
          {...register('document')}
        />
      </Field>
      <Field label="Email" htmlFor="pix-email" error={errors.email?.message}>
        <Input
          id="pix-email"
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder="seu@email.com"
          aria-invalid={invalid('email')}
          {...register('email')}
        />
      </Field>
      <Button type="submit" size="lg" className="w-full" disabled={create.isPending}>
        {create.isPending ? <Spinner /> : <QrCode className="h-4 w-4" aria-hidden />}
        {create.isPending ? 'Gerando PIX...' : 'Gerar PIX'}
      </Button>
    </form>
  );
}

function PixChargeView({
  charge,
  onNew,
  onDone,
}: {
  charge: PixCharge;
  onNew: () => void;
  onDone: () => void;
}) {
  const confirm = useConfirmPix();
  const [copied, setCopied] = useState(false);
  const [confirmed, setConfirmed] = useState(false);
  const copyTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(copyTimer.current), []);

  // Spec: success message, then the modal closes after 2 s.
  const doneRef = useRef(onDone);
  useEffect(() => {
    doneRef.current = onDone;
  });
  useEffect(() => {
    if (!confirmed) return;
    const timer = setTimeout(() => doneRef.current(), PIX_CLOSE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [confirmed]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(charge.qrcode);
    } catch {
      toast.error('Erro ao copiar', { description: 'Não foi possível copiar o código PIX' });
      return;
    }
    setCopied(true);
    toast.success('Copiado!');
    clearTimeout(copyTimer.current);
    copyTimer.current = setTimeout(() => setCopied(false), PIX_COPIED_RESET_MS);
  };

  const conclude = () =>
    confirm.mutate(charge.txId, {
      onSuccess: () => {
        setConfirmed(true);
        toast.success('Pagamento confirmado! Saldo atualizado com sucesso');
      },
      onError: (error) =>
        toast.error('Erro ao confirmar pagamento', {
          description: errorMessage(error, 'Ocorreu um erro inesperado'),
        }),
    });

  const sandbox = charge.provider === 'sandbox';

  return (
    <div className="space-y-4">
      {sandbox ? (
        <Notice variant="yellow" title="Modo de teste">
          <p>
            Modo de teste: nenhum pagamento real é feito. Não pague este código no banco; pressione 'Concluir'
            para simular o pagamento e creditar o saldo.
          </p>
        </Notice>
      ) : (
        <p className="text-sm text-muted">
          Abra o aplicativo do seu banco, pague lendo o QR Code ou com o código copia e cola e depois
          pressione 'Concluir'.
        </p>
      )}
      <p className="text-center text-sm text-muted">
        Valor: <strong className="text-lg text-foreground">{formatBRL(charge.amount)}</strong>
      </p>
      <div className="flex justify-center">
        <img
          src={charge.qrCodeImageUrl}
          alt={`QR Code do PIX de ${formatBRL(charge.amount)}`}
          width={224}
          height={224}
          className="h-56 w-56 rounded-lg bg-white p-2"
        />
      </div>
      <Field label="Código PIX (copia e cola)" htmlFor="pix-code">
        <Textarea
          id="pix-code"
          readOnly
          value={charge.qrcode}
          rows={3}
          className="resize-none font-mono text-xs break-all"
          onFocus={(event) => event.currentTarget.select()}
        />
      </Field>
      <Button variant="secondary" className="w-full" onClick={copy}>
        {copied ? <Check className="h-4 w-4" aria-hidden /> : <Copy className="h-4 w-4" aria-hidden />}
        {copied ? 'Copiado!' : 'Copiar código'}
      </Button>
      {confirmed ? (
        <Notice variant="green" title="Pagamento confirmado!">
          <p>Saldo atualizado com sucesso. {formatBRL(confirm.data?.amount ?? charge.amount)} creditados.</p>
        </Notice>
      ) : null}
      <DialogFooter>
        <Button variant="outline" onClick={onNew} disabled={confirm.isPending || confirmed}>
          Novo PIX
        </Button>
        <Button onClick={conclude} disabled={confirm.isPending || confirmed}>
          {confirm.isPending ? <Spinner /> : null}
          Concluir
        </Button>
      </DialogFooter>
    </div>
  );
}
