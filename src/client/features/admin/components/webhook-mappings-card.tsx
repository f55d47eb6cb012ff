import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import {
  PLAN_SLUG_LABELS,
  PLAN_TYPES,
  type WebhookMappingInput,
  webhookMappingInput,
} from '../../../../shared/schemas/admin';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field, fieldErrorProps } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { Table, TBody, Td, THead, Th, Tr } from '../../../components/ui/table';
import { formatDate } from '../../../lib/format';
import { useCreateWebhookMapping } from '../api/use-create-webhook-mapping';
import { useDeleteWebhookMapping } from '../api/use-delete-webhook-mapping';
import { useWebhookMappings } from '../api/use-webhook-mappings';
import { planSlugLabel } from '../webhook-labels';
import { ErrorBlock, LoadingBlock } from './query-state';

type Prefill = { productId: string } | null;

const EMPTY: WebhookMappingInput = {
  productId: '',
  offerId: '',
  // The select starts on 'Selecione um plano': the schema answers 'Selecione um plano válido'.
  planType: '' as WebhookMappingInput['planType'],
};

function MappingForm({ prefill }: { prefill: Prefill }) {
  const create = useCreateWebhookMapping();
  const {
    register,
    handleSubmit,
    reset,
    getValues,
    formState: { errors },
  } = useForm({ resolver: zodResolver(webhookMappingInput), defaultValues: EMPTY });
  const planRef = useRef<HTMLSelectElement | null>(null);
  // Registered in the order shown: a refused submit focuses the first field with a message.
  const productField = register('productId');
  const offerField = register('offerId');
  const planField = register('planType');

  // A product picked in the history: its id goes in, and the administrator only chooses the plan.
  useEffect(() => {
    if (!prefill) return;
    reset({ ...getValues(), productId: prefill.productId, offerId: '' });
    planRef.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    planRef.current?.focus({ preventScroll: true });
  }, [prefill, reset, getValues]);

  const onSubmit = handleSubmit((values) => {
    create.mutate(
      { productId: values.productId, offerId: values.offerId, planType: values.planType },
      { onSuccess: () => reset(EMPTY) },
    );
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid gap-3 md:grid-cols-[1fr_1fr_1fr_auto] md:items-start"
    >
      <Field label="ID do produto" htmlFor="mapping-product" error={errors.productId?.message}>
        <Input
          id="mapping-product"
          {...fieldErrorProps('mapping-product', errors.productId?.message)}
          {...productField}
        />
      </Field>
      <Field label="ID da oferta (opcional)" htmlFor="mapping-offer" error={errors.offerId?.message}>
        <Input
          id="mapping-offer"
          {...fieldErrorProps('mapping-offer', errors.offerId?.message)}
          {...offerField}
        />
      </Field>
      <Field label="Plano" htmlFor="mapping-plan" error={errors.planType?.message}>
        <Select
          id="mapping-plan"
          {...fieldErrorProps('mapping-plan', errors.planType?.message)}
          {...planField}
          ref={(element) => {
            planField.ref(element);
            planRef.current = element;
          }}
        >
          <option value="">Selecione um plano</option>
          {PLAN_TYPES.map((plan) => (
            <option key={plan} value={plan}>
              {PLAN_SLUG_LABELS[plan]}
            </option>
          ))}
        </Select>
      </Field>
      <Button type="submit" disabled={create.isPending} className="md:mt-7">
        {create.isPending ? <Spinner /> : <Plus className="h-4 w-4" aria-hidden />}
        Adicionar
      </Button>
    </form>
  );
}

export function WebhookMappingsCard({ prefill = null }: { prefill?: Prefill }) {
  const { data, isPending, isError, error } = useWebhookMappings();
  const remove = useDeleteWebhookMapping();
  return (
    <Card className="space-y-4">
      <div>
        <h2 className="font-semibold">Mapeamento de produtos</h2>
        <p className="text-sm text-muted">
          Qual plano cada produto (e, se quiser, cada oferta) da Lastlink libera. Sem ID da oferta, vale para
          todas as ofertas do produto.
        </p>
      </div>
      <MappingForm prefill={prefill} />
      {isPending ? (
        <LoadingBlock />
      ) : isError ? (
        <ErrorBlock error={error} what="os mapeamentos" />
      ) : data.length === 0 ? (
        <p className="rounded-lg border border-border p-6 text-center text-sm text-muted">
          Nenhum mapeamento cadastrado.
        </p>
      ) : (
        <Table>
          <THead>
            <tr>
              <Th>Produto</Th>
              <Th>Oferta</Th>
              <Th>Plano</Th>
              <Th>Criado em</Th>
              <Th className="text-right">Ações</Th>
            </tr>
          </THead>
          <TBody>
            {data.map((mapping) => (
              <Tr key={mapping.id}>
                <Td className="font-mono text-xs">{mapping.productId}</Td>
                <Td className="font-mono text-xs">{mapping.offerId ?? 'Todas'}</Td>
                <Td>{planSlugLabel(mapping.planType)}</Td>
                <Td>{formatDate(mapping.createdAt)}</Td>
                <Td className="text-right">
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Excluir mapeamento do produto ${mapping.productId}`}
                    disabled={remove.isPending && remove.variables === mapping.id}
                    onClick={() => remove.mutate(mapping.id)}
                  >
                    <Trash2 className="h-4 w-4 text-red-400" aria-hidden />
                  </Button>
                </Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      )}
    </Card>
  );
}
