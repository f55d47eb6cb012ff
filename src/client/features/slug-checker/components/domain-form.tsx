import { Radar, Square } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import type { SlugCheckInput } from '../../../../shared/schemas/slug-checker';
import {
  BASE_SLUG_INVALID,
  parseSlugCheckDomain,
  SLUG_CHECK_CONCURRENCY,
} from '../../../../shared/slug-checker-rules';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { formatBRL } from '../../../lib/format';
import { COST_REAIS } from './balance-card';

/**
 * The domain form: 'Domínio Obrigatório', 'Domínio Inválido' (the part before the path needs a dot;
 * http(s):// and a trailing slash are stripped; a path becomes the base slug), base slug optional. The cost is
 * stated next to the button. While a scan runs the button becomes 'Parar'.
 */
export function DomainForm({
  checking,
  onStart,
  onStop,
}: {
  checking: boolean;
  onStart: (input: SlugCheckInput) => void;
  onStop: () => void;
}) {
  const id = useId();
  const [domain, setDomain] = useState('');
  const [baseSlug, setBaseSlug] = useState('');
  const [errors, setErrors] = useState<{ domain?: string; baseSlug?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (checking) return;
    const parsed = parseSlugCheckDomain(domain, baseSlug);
    if ('error' in parsed) {
      setErrors(parsed.error === BASE_SLUG_INVALID ? { baseSlug: parsed.error } : { domain: parsed.error });
      return;
    }
    setErrors({});
    onStart({ domain: domain.trim(), ...(baseSlug.trim() ? { baseSlug: baseSlug.trim() } : {}) });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div className="grid gap-4 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Field label="Domínio" htmlFor={`${id}-domain`} error={errors.domain}>
          <Input
            id={`${id}-domain`}
            name="domain"
            inputMode="url"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="exemplo.com.br"
            value={domain}
            disabled={checking}
            aria-invalid={errors.domain ? true : undefined}
            aria-describedby={`${id}-domain-hint`}
            onChange={(e) => setDomain(e.target.value)}
          />
          <p id={`${id}-domain-hint`} className="text-xs text-muted">
            Com ou sem https://. Um caminho depois do domínio vira o slug base.
          </p>
        </Field>
        <Field label="Slug base (opcional)" htmlFor={`${id}-base`} error={errors.baseSlug}>
          <Input
            id={`${id}-base`}
            name="baseSlug"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="produto"
            value={baseSlug}
            disabled={checking}
            aria-invalid={errors.baseSlug ? true : undefined}
            aria-describedby={`${id}-base-hint`}
            onChange={(e) => setBaseSlug(e.target.value)}
          />
          <p id={`${id}-base-hint`} className="text-xs text-muted">
            Testa também produto/obrigado, produto-up1...
          </p>
        </Field>
      </div>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted">
          Custo: <strong className="text-foreground">{formatBRL(COST_REAIS)} por verificação</strong> · cerca
          de 1.370 slugs · {SLUG_CHECK_CONCURRENCY} simultâneos
        </p>
        {/* Two elements (keys): reusing one <button> would turn the clicked 'Parar' into a submit button
            before the click's default action runs, starting a new scan. */}
        {checking ? (
          <Button key="stop" variant="danger" onClick={onStop} className="sm:min-w-40">
            <Square className="h-4 w-4" aria-hidden />
            Parar
          </Button>
        ) : (
          <Button key="start" type="submit" className="sm:min-w-40">
            <Radar className="h-4 w-4" aria-hidden />
            Verificar Slugs
          </Button>
        )}
      </div>
    </form>
  );
}
