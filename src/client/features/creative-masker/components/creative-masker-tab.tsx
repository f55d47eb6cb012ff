import { Download, Eraser, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { downloadFile } from '../../../lib/download';
import { toast } from '../../../lib/toast';
import { type CleanedImage, cleanImage } from '../clean-image';
import { checkMediaFile, cleanFileName, isImageKind, MEDIA_LABEL, type MediaKind } from '../media-file';
import { CorruptImageError, type ImageKind } from '../strip-metadata';
import { FilePicker } from './file-picker';
import { MetadataReport } from './metadata-report';
import { ToolExplainer } from './tool-explainer';

const ACCEPT = 'image/jpeg,image/png,image/gif,video/mp4,video/mpeg';
const IMAGE_TYPE: Record<ImageKind, string> = { jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif' };

type State =
  | { phase: 'idle' }
  | { phase: 'chosen' | 'processing'; file: File; kind: MediaKind }
  | { phase: 'done'; file: File; kind: ImageKind; result: CleanedImage };

/**
 * Dashboard tab 'creative-masker' ('Mascarar Criativo'): choose one file, process it, then download or
 * start over. What it really does, in the browser: removes an image's metadata (GPS location, device, author,
 * software, dates, comments) without changing a pixel, and lists what it removed. Videos are accepted by the
 * form but not changed, and the screen says so. No server call.
 */
export default function CreativeMaskerTab() {
  const [state, setState] = useState<State>({ phase: 'idle' });
  const [error, setError] = useState<string>();
  const file = state.phase === 'idle' ? null : state.file;

  const pick = async (picked: File) => {
    const checked = await checkMediaFile(picked);
    if (!checked.ok) {
      setError(checked.message);
      setState({ phase: 'idle' });
      toast.error(checked.title, { description: checked.message });
      return;
    }
    setError(undefined);
    setState({ phase: 'chosen', file: picked, kind: checked.kind });
  };

  const reset = () => {
    setError(undefined);
    setState({ phase: 'idle' });
  };

  const process = async () => {
    if (state.phase !== 'chosen' || !isImageKind(state.kind)) return;
    const { file: chosen, kind } = state;
    setState({ phase: 'processing', file: chosen, kind });
    try {
      const result = await cleanImage(chosen, kind);
      setState({ phase: 'done', file: chosen, kind, result });
      toast.success(result.removed.length > 0 ? 'Metadados removidos' : 'Nenhum metadado encontrado');
    } catch (cause) {
      const message =
        cause instanceof CorruptImageError
          ? cause.message
          : 'Não foi possível ler o arquivo. Tente novamente.';
      setError(message);
      setState({ phase: 'idle' });
      toast.error('Erro ao processar', { description: message });
    }
  };

  const download = () => {
    if (state.phase !== 'done') return;
    downloadFile(
      cleanFileName(state.file.name, state.kind),
      state.result.bytes as BlobPart,
      IMAGE_TYPE[state.kind],
    );
  };

  return (
    <div className="mx-auto grid max-w-6xl gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <Card className="space-y-4">
        <div className="space-y-1">
          <h2 className="text-base font-semibold">Remover metadados do criativo</h2>
          <p className="text-sm text-muted">
            JPG, PNG ou GIF (vídeos MP4 e MPEG são aceitos, mas não alterados).
          </p>
        </div>

        {state.phase === 'done' ? (
          <div className="space-y-4">
            <Notice
              variant="green"
              title={state.result.removed.length > 0 ? 'Metadados removidos' : 'Nenhum metadado encontrado'}
            >
              <p className="break-words">{state.file.name}</p>
            </Notice>
            <MetadataReport image={state.result} />
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={reset}>
                <RotateCcw className="h-4 w-4" aria-hidden />
                Escolher Outro Arquivo
              </Button>
              <Button onClick={download}>
                <Download className="h-4 w-4" aria-hidden />
                Baixar Imagem Limpa
              </Button>
            </div>
          </div>
        ) : (
          <div className="space-y-4">
            <FilePicker
              label="Arquivo do criativo"
              hint="JPG, PNG, GIF, MP4 ou MPEG, até 100MB"
              accept={ACCEPT}
              file={file}
              error={error}
              disabled={state.phase === 'processing'}
              onPick={(picked) => void pick(picked)}
              onClear={reset}
            />
            {state.phase !== 'idle' && !isImageKind(state.kind) ? (
              <Notice variant="yellow" title="Vídeos não são alterados">
                <p>
                  Este arquivo é um {MEDIA_LABEL[state.kind]}. Por enquanto a ferramenta remove metadados só
                  de imagens JPG, PNG e GIF: nada seria feito com o vídeo, então não há o que baixar.
                </p>
              </Notice>
            ) : null}
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              {state.phase !== 'idle' ? (
                <Button variant="secondary" onClick={reset} disabled={state.phase === 'processing'}>
                  <RotateCcw className="h-4 w-4" aria-hidden />
                  Recomeçar
                </Button>
              ) : null}
              <Button
                onClick={() => void process()}
                disabled={state.phase !== 'chosen' || !isImageKind(state.kind)}
                className="sm:min-w-48"
              >
                {state.phase === 'processing' ? (
                  <Spinner className="h-4 w-4" />
                ) : (
                  <Eraser className="h-4 w-4" aria-hidden />
                )}
                {state.phase === 'processing' ? 'Removendo metadados...' : 'Remover Metadados'}
              </Button>
            </div>
          </div>
        )}
      </Card>

      <ToolExplainer title="O que esta ferramenta faz">
        <p>
          Fotos e imagens carregam dados escondidos: a localização GPS de onde foram feitas, o modelo do
          celular ou da câmera, o nome do autor, o programa usado e datas. Esta ferramenta apaga esses dados e
          mostra exatamente o que foi removido.
        </p>
        <p>
          Os pixels não mudam: a imagem fica visualmente idêntica. Ela não altera o conteúdo do criativo e não
          serve para driblar a revisão das plataformas de anúncio.
        </p>
        <p>Tudo acontece no seu navegador: o arquivo não é enviado para nenhum servidor.</p>
      </ToolExplainer>
    </div>
  );
}
