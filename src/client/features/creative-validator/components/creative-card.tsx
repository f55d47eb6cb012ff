import { Trash2 } from 'lucide-react';
import { CREATIVE_NAME_MAX } from '../../../../shared/schemas/campaign-analysis';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import type { CreativeCardData, CreativeNumberField } from '../creatives-data';

/** The card's number fields: label, placeholder and step (spec §5: 0.01 for ic, ctr, cpm and cpc). */
const FIELDS: { name: CreativeNumberField; label: string; placeholder: string; step: string }[] = [
  { name: 'quantoGastou', label: 'Quanto gastou (R$)', placeholder: 'Ex.: 100,00', step: '0.01' },
  { name: 'quantoVoltou', label: 'Quanto voltou (R$)', placeholder: 'Ex.: 250,00', step: '0.01' },
  { name: 'cliques', label: 'Cliques', placeholder: 'Ex.: 200', step: '1' },
  { name: 'ic', label: 'IC (inícios de checkout)', placeholder: 'Ex.: 20', step: '0.01' },
  { name: 'ctr', label: 'CTR (%)', placeholder: 'Ex.: 1,5', step: '0.01' },
  { name: 'cpm', label: 'CPM (R$)', placeholder: 'Ex.: 30,00', step: '0.01' },
  { name: 'cpc', label: 'CPC (R$)', placeholder: 'Ex.: 0,50', step: '0.01' },
];

interface Props {
  idPrefix: string;
  index: number;
  card: CreativeCardData;
  /** Messages by the schema's path ('criativos.0.ctr'). */
  errors: Record<string, string>;
  canRemove: boolean;
  onChange: (card: CreativeCardData) => void;
  onRemove: () => void;
}

/** One creative of the validator. */
export function CreativeCard({ idPrefix, index, card, errors, canRemove, onChange, onRemove }: Props) {
  const n = index + 1;
  const errorOf = (field: string) => errors[`criativos.${index}.${field}`];
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
      <Field label="Nome do criativo" htmlFor={`${idPrefix}-nome`} error={errorOf('nome')}>
        <Input
          id={`${idPrefix}-nome`}
          value={card.nome}
          maxLength={CREATIVE_NAME_MAX}
          placeholder="Ex.: Vídeo depoimento 01"
          autoComplete="off"
          aria-invalid={errorOf('nome') ? true : undefined}
          onChange={(e) => onChange({ ...card, nome: e.target.value })}
        />
      </Field>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {FIELDS.map((field) => (
          <Field
            key={field.name}
            label={field.label}
            htmlFor={`${idPrefix}-${field.name}`}
            error={errorOf(field.name)}
          >
            <Input
              id={`${idPrefix}-${field.name}`}
              type="number"
              inputMode="decimal"
              min="0"
              step={field.step}
              placeholder={field.placeholder}
              value={card[field.name]}
              aria-invalid={errorOf(field.name) ? true : undefined}
              onChange={(e) => onChange({ ...card, [field.name]: e.target.value.slice(0, 20) })}
            />
          </Field>
        ))}
      </div>
    </Card>
  );
}
