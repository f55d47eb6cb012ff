import { Trash2 } from 'lucide-react';
import { useFormContext } from 'react-hook-form';
import { CREATIVE_NAME_MAX } from '../../../../shared/schemas/campaign-analysis';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field, fieldErrorProps } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { NumberFormField } from '../../../components/ui/number-input';
import { CREATIVE_KINDS, type CreativeCardData, type CreativeNumberField } from '../creatives-data';

/** The card's number fields: label and placeholder (how each is typed: CREATIVE_KINDS). */
const FIELDS: { name: CreativeNumberField; label: string; placeholder: string }[] = [
  { name: 'quantoGastou', label: 'Quanto gastou (R$)', placeholder: 'Ex.: 100,00' },
  { name: 'quantoVoltou', label: 'Quanto voltou (R$)', placeholder: 'Ex.: 250,00' },
  { name: 'cliques', label: 'Cliques', placeholder: 'Ex.: 200' },
  { name: 'ic', label: 'IC (inícios de checkout)', placeholder: 'Ex.: 20' },
  { name: 'ctr', label: 'CTR (%)', placeholder: 'Ex.: 1,5' },
  { name: 'cpm', label: 'CPM (R$)', placeholder: 'Ex.: 30,00' },
  { name: 'cpc', label: 'CPC (R$)', placeholder: 'Ex.: 0,50' },
];

interface Props {
  idPrefix: string;
  index: number;
  canRemove: boolean;
  onRemove: () => void;
}

interface CardsForm {
  criativos: CreativeCardData[];
}

/** One creative of the validator, inside the tab's react-hook-form (FormProvider): fields 'criativos.N.x'. */
export function CreativeCard({ idPrefix, index, canRemove, onRemove }: Props) {
  const n = index + 1;
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<CardsForm>();
  const nameError = errors.criativos?.[index]?.nome?.message;
  return (
    <Card className="space-y-4" role="group" aria-label={`Criativo ${n}`}>
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">Criativo {n}</h3>
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Remover criativo ${n}`}
          title={canRemove ? `Remover criativo ${n}` : 'Pelo menos um criativo precisa ficar'}
          disabled={!canRemove}
          onClick={onRemove}
        >
          <Trash2 className="h-4 w-4" aria-hidden />
        </Button>
      </div>
      <Field label="Nome do criativo" htmlFor={`${idPrefix}-nome`} error={nameError}>
        <Input
          id={`${idPrefix}-nome`}
          maxLength={CREATIVE_NAME_MAX}
          placeholder="Ex.: Vídeo depoimento 01"
          autoComplete="off"
          {...fieldErrorProps(`${idPrefix}-nome`, nameError)}
          {...register(`criativos.${index}.nome`)}
        />
      </Field>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {FIELDS.map((field) => (
          <NumberFormField
            key={field.name}
            control={control}
            name={`criativos.${index}.${field.name}`}
            id={`${idPrefix}-${field.name}`}
            label={field.label}
            kind={CREATIVE_KINDS[field.name]}
            placeholder={field.placeholder}
          />
        ))}
      </div>
    </Card>
  );
}
