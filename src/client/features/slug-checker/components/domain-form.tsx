import { Radar, Square } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type * as slugCheckerSchemas from '../../../../shared/schemas/slug-checker';
import type { SlugCheckInput } from '../../../../shared/schemas/slug-checker';
import { SLUG_CHECK_CONCURRENCY } from '../../../../shared/slug-checker-rules';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { formatBRL } from '../../../lib/format';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { COST_REAIS } from './balance-card';

// The shared schema (the route's rules, the screen's wording), loaded lazily: Zod stays out of the tab's chunk.
const slugCheckFormResolver = lazyZodResolver<z.input<typeof slugCheckerSchemas.slugCheckForm>>(() =>
  import('../../../../shared/schemas/slug-checker').then((m) => m.slugCheckForm),
);

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
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: slugCheckFormResolver, defaultValues: { domain: '', baseSlug: '' } });

  const submit = handleSubmit(({ domain, baseSlug }) => {
    if (checking) return;
    const slug = baseSlug?.trim();
    onStart({ domain: domain.trim(), ...(slug ? { baseSlug: slug } : {}) });
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
      <div className="grid gap-4 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Field label="Domínio" htmlFor={`${id}-domain`} error={errors.domain?.message}>
          <Input
            id={`${id}-domain`}
            inputMode="url"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="exemplo.com.br"
            disabled={checking}
            aria-invalid={errors.domain ? true : undefined}
            aria-describedby={`${id}-domain-hint`}
            {...register('domain')}
          />
          <p id={`${id}-domain-hint`} className="text-xs text-muted">
            Com ou sem https://. Um caminho depois do domínio vira o slug base.
          </p>
        </Field>
        <Field label="Slug base (opcional)" htmlFor={`${id}-base`} error={errors.baseSlug?.message}>
          <Input
            id={`${id}-base`}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="produto"
            disabled={checking}
            aria-invalid={errors.baseSlug ? true : undefined}
            aria-describedby={`${id}-base-hint`}
            {...register('baseSlug')}
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
