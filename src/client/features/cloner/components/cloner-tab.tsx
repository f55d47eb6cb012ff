import { zodResolver } from '@hookform/resolvers/zod';
import { Copy, Download, Eraser, Info, Loader2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  CLONE_URL_REQUIRED,
  cloneFileName,
  cloneWebsiteInput,
  parseCloneUrl,
} from '../../../../shared/schemas/cloner';
import { Button, buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Notice } from '../../../components/ui/notice';
import { leadingErrorMessage } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useCloneWebsite } from '../api/use-clone-website';

/** The causes the error panel 'Erro ao Clonar Site' lists. */
export const CLONE_CAUSES = [
  'O site tem proteções contra clonagem no robots.txt.',
  'Erro de conectividade ou tempo esgotado.',
  'O site requer login.',
  'A URL está inacessível ou é inválida.',
];

interface Done {
  downloadUrl: string;
  fileName: string;
  fileCount?: number;
}

/**
 * Dashboard tab 'clonador': the URL, 'Clonar Site' (disabled while blank or
 * cloning), 'Limpar' once there is something to clear, the error panel with its causes, the success panel with the
 * ZIP, and how it works. Starting a clone clears the previous result and error.
 */
export default function ClonerTab() {
  const id = useId();
  const { register, handleSubmit, watch, reset } = useForm({
    resolver: zodResolver(cloneWebsiteInput),
    defaultValues: { url: '' },
  });
  const url = watch('url');
  const [done, setDone] = useState<Done | null>(null);
  const [error, setError] = useState<string | null>(null);
  const clone = useCloneWebsite();
  const loading = clone.isPending;

  const showError = (message: string) => {
    setError(message);
    toast.error('Erro', { description: message });
  };

  const submit = handleSubmit(
    async (values) => {
      if (loading) return;
      setDone(null);
      setError(null);
      try {
        const answer = await clone.mutateAsync({ url: values.url.trim() });
        if (!answer.success) return showError(answer.error || 'Erro ao clonar o site');
        // The schema accepted the URL, so it parses; the server names the ZIP the same way.
        const address = parseCloneUrl(values.url);
        setDone({
          downloadUrl: answer.downloadUrl,
          fileName: answer.fileName ?? ('url' in address ? cloneFileName(address.url, new Date()) : ''),
          fileCount: answer.fileCount,
        });
        toast.success('Site clonado com sucesso!', {
          description: 'O arquivo ZIP está pronto para download.',
        });
      } catch (err) {
        showError(err instanceof Error ? err.message || 'Erro desconhecido' : 'Erro desconhecido');
      }
    },
    // A refused URL is a toast only (the field has no message of its own).
    (errors) => {
      if (!loading) toast.error('Erro', { description: leadingErrorMessage(errors, CLONE_URL_REQUIRED) });
    },
  );

  const clear = () => {
    reset({ url: '' });
    setDone(null);
    setError(null);
    clone.reset();
  };
  const canClear = (url !== '' || done !== null || error !== null) && !loading;

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <Card className="space-y-4">
        <div className="space-y-1">
          <h2 className="text-base font-semibold">Clonar uma página</h2>
          <p className="text-sm text-muted">
            Cole o endereço da página que você quer copiar. Você recebe um arquivo ZIP com a página pronta
            para subir na sua hospedagem.
          </p>
        </div>
        <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
          <Field label="URL do site" htmlFor={`${id}-url`}>
            <Input
              id={`${id}-url`}
              type="url"
              inputMode="url"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              placeholder="exemplo.com.br/pagina"
              disabled={loading}
              aria-describedby={`${id}-hint`}
              {...register('url')}
            />
            <p id={`${id}-hint`} className="text-xs text-muted">
              Digite a URL completa da página, com o domínio (ex: exemplo.com.br/obrigado). Sem https://,
              tentamos https e depois http.
            </p>
          </Field>
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={loading || url.trim() === ''}>
              {loading ? (
                <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
              ) : (
                <Copy className="h-4 w-4" aria-hidden />
              )}
              {loading ? 'Clonando site...' : 'Clonar Site'}
            </Button>
            {canClear ? (
              <Button variant="secondary" onClick={clear}>
                <Eraser className="h-4 w-4" aria-hidden />
                Limpar
              </Button>
            ) : null}
          </div>
        </form>

        {loading ? (
          <p role="status" className="flex items-center gap-2 text-sm text-muted">
            <Loader2 className="h-4 w-4 animate-spin text-primary" aria-hidden />
            Clonando o site: abrindo a página no computador e no celular e baixando os arquivos. Pode levar
            até um minuto.
          </p>
        ) : null}

        {error !== null ? (
          <Notice variant="red" title="Erro ao Clonar Site">
            <p>{error}</p>
            <p className="pt-1 font-medium text-foreground">Possíveis causas:</p>
            <ul className="list-disc space-y-0.5 pl-5">
              {CLONE_CAUSES.map((cause) => (
                <li key={cause}>{cause}</li>
              ))}
            </ul>
          </Notice>
        ) : null}

        {done ? (
          <Notice variant="green" title="Site clonado com sucesso!">
            <p>
              O arquivo ZIP está pronto para download
              {done.fileCount ? ` (${done.fileCount.toLocaleString('pt-BR')} arquivos)` : ''}. Ele fica
              disponível por 24 horas.
            </p>
            <a
              href={done.downloadUrl}
              download={done.fileName}
              className={buttonClass({ size: 'sm', className: 'mt-2' })}
            >
              <Download className="h-4 w-4" aria-hidden />
              Baixar ZIP
            </a>
            <p className="pt-1 font-mono text-xs break-all text-muted">{done.fileName}</p>
          </Notice>
        ) : null}
      </Card>

      <Card className="space-y-3">
        <h2 className="flex items-center gap-2 text-base font-semibold">
          <Info className="h-5 w-5 text-primary" aria-hidden />
          Como funciona
        </h2>
        <ul className="list-disc space-y-1.5 pl-5 text-sm text-muted">
          <li>
            Baixamos o HTML, o CSS e o JS completos da página, e também o que os scripts carregam (imagens,
            dados, fontes), no tamanho de computador e no de celular. Os scripts continuam funcionando na
            cópia.
          </li>
          <li>Se um domínio tem várias subpáginas, cada URL precisa ser clonada separadamente.</li>
          <li>
            Geramos um arquivo ZIP para você subir na sua própria hospedagem. Descompacte onde quiser: na raiz
            do domínio (seusite.com/) ou numa subpasta (seusite.com/lp/). O index.html é a página.
          </li>
          <li>
            Aberto direto do computador (dois cliques no index.html), mostra textos, imagens, estilos e
            fontes, mas o navegador bloqueia os dados e os módulos que os scripts carregam: o que eles montam
            pode faltar. Para ver a página completa, suba o ZIP numa hospedagem.
          </li>
          <li>Não funciona em sites que exigem login.</li>
        </ul>
      </Card>
    </div>
  );
}
