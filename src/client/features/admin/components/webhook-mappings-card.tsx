import { Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { PLAN_SLUG_LABELS, PLAN_TYPES, webhookMappingInput } from '../../../../shared/schemas/admin';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
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

type Errors = Partial<Record<'productId' | 'offerId' | 'planType', string>>;

function MappingForm() {
  const create = useCreateWebhookMapping();
  const [productId, setProductId] = useState('');
  const [offerId, setOfferId] = useState('');
  const [planType, setPlanType] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = webhookMappingInput.safeParse({ productId, offerId, planType });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Errors;
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    create.mutate(
      { productId: parsed.data.productId, offerId: parsed.data.offerId, planType: parsed.data.planType },
      {
        onSuccess: () => {
          setProductId('');
          setOfferId('');
          setPlanType('');
        },
      },
    );
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid gap-3 md:grid-cols-[1fr_1fr_1fr_auto] md:items-start"
    >
      <Field label="ID do produto" htmlFor="mapping-product" error={errors.productId}>
        <Input
          id="mapping-product"
          value={productId}
          aria-invalid={errors.productId ? true : undefined}
          onChange={(event) => setProductId(event.target.value)}
        />
      </Field>
      <Field label="ID da oferta (opcional)" htmlFor="mapping-offer" error={errors.offerId}>
        <Input id="mapping-offer" value={offerId} onChange={(event) => setOfferId(event.target.value)} />
      </Field>
      <Field label="Plano" htmlFor="mapping-plan" error={errors.planType}>
        <Select
          id="mapping-plan"
          value={planType}
          aria-invalid={errors.planType ? true : undefined}
          onChange={(event) => setPlanType(event.target.value)}
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

export function WebhookMappingsCard() {
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
      <MappingForm />
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
