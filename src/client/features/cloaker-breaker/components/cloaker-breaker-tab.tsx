import { Copy, ExternalLink, PlayCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { Button, buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../lib/toast';

/** Open is offered only when the result starts with http. */
export const canOpenResult = (result: string) => /^https?:\/\//i.test(result.trim());

/**
 * Dashboard tab 'quebrar-cloaker': the URL input, the disabled 'EM BREVE' button,
 * the result box with copy and open-in-new-tab, and the tutorial's place. The tool itself is not available
 * yet, and the screen says so: nothing is sent anywhere and no result is made up.
 */
export default function CloakerBreakerTab() {
  const id = useId();
  const [url, setUrl] = useState('');
  // Stays empty until the tool exists: no result is ever invented.
  const result = '';

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(result);
      toast.success('Copiado', { description: 'URL copiada para a área de transferência.' });
    } catch {
      toast.error('Erro ao copiar', { description: 'Não foi possível copiar para a área de transferência.' });
    }
  };

  return (
    <div className="mx-auto grid max-w-6xl gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="space-y-6">
        <Card className="space-y-4">
          <div className="space-y-1">
            <h2 className="text-base font-semibold">Descobrir a página real</h2>
            <p className="text-sm text-muted">
              Esta ferramenta ainda não está disponível: o botão será liberado quando ela estiver pronta.
            </p>
          </div>
          <Field label="URL com cloaker" htmlFor={`${id}-url`}>
            <Input
              id={`${id}-url`}
              type="url"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              placeholder="https://exemplo.com/oferta"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
            />
          </Field>
          <div className="flex justify-end">
            <Button disabled className="w-full sm:w-auto sm:min-w-40" aria-describedby={`${id}-soon`}>
              EM BREVE
            </Button>
          </div>
          <p id={`${id}-soon`} className="sr-only">
            Ferramenta em desenvolvimento.
          </p>
        </Card>

        <Card className="space-y-3">
          <h2 className="text-base font-semibold">
            <label htmlFor={`${id}-result`}>Resultado</label>
          </h2>
          <Input id={`${id}-result`} readOnly value={result} placeholder="A página real aparecerá aqui." />
          <div className="flex flex-col gap-3 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => void copy()} disabled={!result}>
              <Copy className="h-4 w-4" aria-hidden />
              Copiar
            </Button>
            {canOpenResult(result) ? (
              <a
                href={result.trim()}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonClass({ variant: 'outline' })}
              >
                <ExternalLink className="h-4 w-4" aria-hidden />
                Abrir em Nova Aba
              </a>
            ) : null}
          </div>
        </Card>
      </div>

      <Card className="space-y-3">
        <h2 className="text-base font-semibold">Tutorial em vídeo</h2>
        <div className="flex aspect-video flex-col items-center justify-center gap-2 rounded-lg border border-dashed border-border bg-surface-2/50 p-4 text-center text-sm text-muted">
          <PlayCircle aria-hidden className="h-10 w-10" />
          <p>O tutorial será publicado junto com a ferramenta.</p>
        </div>
      </Card>
    </div>
  );
}
