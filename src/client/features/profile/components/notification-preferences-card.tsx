import { Bell } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import {
  type ChannelPreference,
  EMAIL_CHOICE_LABELS,
  EMAIL_CHOICES,
  NO_HOURLY_KINDS,
  NOTIFICATION_KINDS,
  PREFERENCE_KIND_LABELS,
  type PreferenceKind,
} from '../../../../shared/notification-kinds';
import { Card } from '../../../components/ui/card';
import { Select } from '../../../components/ui/select';
import { Switch } from '../../../components/ui/switch';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import {
  useNotificationPreferences,
  useSaveNotificationPreference,
} from '../api/use-notification-preferences';

/** The kinds as the card lists them: about me first, then offers, calls and the club. */
const KINDS = NOTIFICATION_KINDS;

function KindRow({
  kind,
  choice,
  onChange,
}: {
  kind: PreferenceKind;
  choice: ChannelPreference;
  onChange: (choice: ChannelPreference) => void;
}) {
  const label = PREFERENCE_KIND_LABELS[kind];
  const emailId = `pref-${kind}-email`;
  const pushId = `pref-${kind}-push`;
  const choices = EMAIL_CHOICES.filter((c) => c !== 'hourly' || !NO_HOURLY_KINDS.has(kind));
  return (
    <li className="grid gap-2 py-3 sm:grid-cols-[minmax(0,1fr)_11rem_4.5rem] sm:items-center sm:gap-4">
      <span className="text-sm font-medium text-foreground">{label}</span>
      <div className="flex items-center gap-2 [&>div]:w-40 sm:[&>div]:w-full">
        <span aria-hidden className="w-12 shrink-0 text-xs text-muted sm:hidden">
          E-mail
        </span>
        <label htmlFor={emailId} className="sr-only">
          {`E-mail: ${label}`}
        </label>
        <Select
          id={emailId}
          value={choice.email}
          onChange={(event) =>
            onChange({ ...choice, email: event.target.value as ChannelPreference['email'] })
          }
          className="h-9"
        >
          {choices.map((c) => (
            <option key={c} value={c}>
              {EMAIL_CHOICE_LABELS[c]}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex items-center gap-2 sm:justify-center">
        <span aria-hidden className="w-12 shrink-0 text-xs text-muted sm:hidden">
          Push
        </span>
        <Switch
          id={pushId}
          checked={choice.push}
          onCheckedChange={(push) => onChange({ ...choice, push })}
          aria-label={`Push: ${label}`}
        />
      </div>
    </li>
  );
}

/**
 * /perfil 'Notificações': for each kind, e-mail (na hora, a cada hora, desligado) and push; the bell always shows
 * everything. Each change is saved at once (PUT of that kind). The digest is a single switch (e-mail only).
 */
export function NotificationPreferencesCard({ pushDevice }: { pushDevice?: ReactNode }) {
  const { data, isPending, isError } = useNotificationPreferences();
  const save = useSaveNotificationPreference();
  const card = useRef<HTMLDivElement>(null);
  // The e-mails' 'Escolher o que receber' opens /perfil#notificacoes: here, once the choices are on screen.
  const loaded = data !== undefined;
  useEffect(() => {
    if (loaded && window.location.hash === '#notificacoes') card.current?.scrollIntoView({ block: 'start' });
  }, [loaded]);
  const change = (kind: PreferenceKind) => (choice: ChannelPreference) =>
    save.mutate(
      { kind, choice },
      {
        onSuccess: () => toast.success('Preferência salva', { id: 'notification-preferences' }),
        onError: (error) =>
          toast.error('Não foi possível salvar', {
            description: errorMessage(error, 'Tente de novo em instantes.'),
          }),
      },
    );

  return (
    <Card ref={card} className="scroll-mt-4 space-y-4" id="notificacoes">
      <div>
        <h2 id="notificacoes-title" className="text-base font-semibold">
          Notificações
        </h2>
        <p className="mt-1 flex items-start gap-2 text-sm text-muted">
          <Bell aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />O sino do clube mostra tudo, sempre. Escolha
          o que também chega por e-mail e no celular.
        </p>
      </div>
      {pushDevice}
      {isPending ? (
        <p className="text-sm text-muted">Carregando...</p>
      ) : isError ? (
        <p className="text-sm text-muted">Não foi possível carregar suas preferências de notificação.</p>
      ) : (
        <>
          <div
            aria-hidden
            className="hidden text-xs font-medium text-muted uppercase sm:grid sm:grid-cols-[minmax(0,1fr)_11rem_4.5rem] sm:gap-4"
          >
            <span>Aviso</span>
            <span>E-mail</span>
            <span className="text-center">Push</span>
          </div>
          <ul aria-labelledby="notificacoes-title" className="divide-y divide-border">
            {KINDS.map((kind) => (
              <KindRow key={kind} kind={kind} choice={data[kind]} onChange={change(kind)} />
            ))}
          </ul>
          <div className="flex items-start justify-between gap-4 rounded-lg border border-border bg-surface-2/50 p-3">
            <div>
              <label htmlFor="pref-digest" className="text-sm font-medium">
                Resumo semanal por e-mail
              </label>
              <p className="text-xs text-muted">
                Segunda às 9h, só se você não abriu o clube na semana: ofertas que escalaram, posts mais
                curtidos, o top 3 do ranking e a próxima call.
              </p>
            </div>
            <Switch
              id="pref-digest"
              checked={data.digest.email !== 'off'}
              onCheckedChange={(on) => change('digest')({ email: on ? 'immediate' : 'off', push: false })}
            />
          </div>
        </>
      )}
    </Card>
  );
}
