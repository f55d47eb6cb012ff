import { BellRing } from 'lucide-react';
import { errorMessage } from '../lib/api-client';
import { usePushDevice } from '../lib/push/use-push-device';
import { toast } from '../lib/toast';
import { Button } from './ui/button';

const UNSUPPORTED =
  'Este navegador não recebe notificações push. No iPhone e no iPad, adicione o clube à Tela de Início (no Safari: Compartilhar → Adicionar à Tela de Início) e ative por lá; nos outros aparelhos, use o Chrome, o Edge, o Firefox ou o Safari atualizados.';
const DENIED =
  'As notificações do clube estão bloqueadas neste navegador. Para permitir: toque no cadeado (ou no ícone de configurações) ao lado do endereço do site, abra Permissões ou Configurações do site, mude Notificações para Permitir e recarregue a página.';

/** 'Notificações neste aparelho': turns this browser's push on or off (the member's other devices keep theirs). */
export function PushDeviceToggle() {
  const device = usePushDevice();
  const denied = device.permission === 'denied';
  const on = device.subscribed === true && !denied;

  const turnOn = async () => {
    try {
      const done = await device.subscribe();
      if (done) toast.success('Notificações ativadas neste aparelho.');
    } catch (error) {
      toast.error('Não foi possível ativar as notificações', {
        description: errorMessage(error, 'Tente novamente em instantes.'),
      });
    }
  };
  const turnOff = async () => {
    try {
      await device.unsubscribe();
      toast.success('Notificações desativadas neste aparelho.');
    } catch (error) {
      toast.error('Não foi possível desativar as notificações', {
        description: errorMessage(error, 'Tente novamente em instantes.'),
      });
    }
  };

  let status: string;
  if (!device.supported) status = UNSUPPORTED;
  else if (denied) status = DENIED;
  else if (device.subscribed === null) status = 'Verificando este aparelho...';
  else if (on) status = 'Ativadas: este aparelho recebe as notificações que você escolheu receber por push.';
  else status = 'Desativadas: ative para receber avisos do clube neste aparelho, mesmo com o clube fechado.';

  return (
    <section aria-labelledby="push-device-title" className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <BellRing className="mt-0.5 h-5 w-5 shrink-0 text-primary" aria-hidden />
      <div className="flex-1">
        <h3 id="push-device-title" className="text-sm font-semibold text-foreground">
          Notificações neste aparelho
        </h3>
        <p className="mt-1 text-sm text-muted" role="status">
          {status}
        </p>
      </div>
      {device.supported && !denied && device.subscribed !== null ? (
        <Button
          variant={on ? 'secondary' : 'primary'}
          size="sm"
          disabled={device.busy}
          aria-describedby="push-device-title"
          onClick={() => void (on ? turnOff() : turnOn())}
        >
          {on ? 'Desativar' : 'Ativar'}
        </Button>
      ) : null}
    </section>
  );
}
