import { zodResolver } from '@hookform/resolvers/zod';
import { Save, X } from 'lucide-react';
import { useForm } from 'react-hook-form';
import {
  LIVE_CALL_DEFAULT_STATUS,
  LIVE_CALL_DESCRIPTION_MAX,
  LIVE_CALL_REQUIRED_MESSAGE,
  LIVE_CALL_REQUIRED_TITLE,
  LIVE_CALL_STATUSES,
  LIVE_CALL_TITLE_MAX,
  type LiveCall,
  type LiveCallData,
  type LiveCallStatus,
  liveCallInput,
} from '../../../../shared/schemas/live-calls';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../lib/toast';

interface FormValues {
  title: string;
  description: string;
  callTime: string;
  callDate: string;
  link: string;
  status: LiveCallStatus;
}

/** The fields in the order they are shown (the form's message is the first one's). */
const FIELDS = ['title', 'description', 'callTime', 'callDate', 'link', 'status'] as const;

const EMPTY: FormValues = {
  title: '',
  description: '',
  callTime: '',
  callDate: '',
  link: '',
  status: LIVE_CALL_DEFAULT_STATUS,
};

const valuesOf = (call: LiveCall): FormValues => ({
  title: call.title,
  description: call.description,
  callTime: call.callTime,
  callDate: call.callDate ?? '',
  link: call.link ?? '',
  status: call.status,
});

/**
 * The admin create/edit form: title, description and time required ('Campos
 * obrigatórios' / 'Por favor, preencha todos os campos.'), date and link optional, status 'Agendado' by default.
 * Give it `key={editing?.id}` so it refills when another call is picked for editing.
 */
export function LiveCallForm({
  editing,
  pending,
  onSubmit,
  onCancelEdit,
}: {
  editing: LiveCall | null;
  pending: boolean;
  onSubmit: (data: LiveCallData, reset: () => void) => void;
  onCancelEdit: () => void;
}) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(liveCallInput),
    defaultValues: editing ? valuesOf(editing) : EMPTY,
  });
  const messages = FIELDS.map((field) => errors[field]?.message).filter((m): m is string => Boolean(m));
  // The form's one message: a missing required field first, else the first field's own.
  const error = messages.includes(LIVE_CALL_REQUIRED_MESSAGE) ? LIVE_CALL_REQUIRED_MESSAGE : messages[0];

  const submit = handleSubmit(
    (data) => onSubmit(data, () => reset(EMPTY)),
    (invalid) => {
      if (FIELDS.some((field) => invalid[field]?.message === LIVE_CALL_REQUIRED_MESSAGE)) {
        toast.error(LIVE_CALL_REQUIRED_TITLE, { description: LIVE_CALL_REQUIRED_MESSAGE });
      }
    },
  );

  return (
    <Card>
      <form
        onSubmit={submit}
        className="space-y-4"
        noValidate
        aria-label={editing ? 'Editar call' : 'Nova call'}
      >
        <h2 className="font-semibold">{editing ? 'Editar call' : 'Nova call'}</h2>
        <Field label="Título" htmlFor="call-title">
          <Input
            id="call-title"
            maxLength={LIVE_CALL_TITLE_MAX}
            {...register('title')}
            placeholder="Ex.: Call de quinta: escala no Facebook"
          />
        </Field>
        <Field label="Descrição" htmlFor="call-description">
          <Textarea
            id="call-description"
            rows={3}
            maxLength={LIVE_CALL_DESCRIPTION_MAX}
            {...register('description')}
            placeholder="O que será abordado na call"
          />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Horário" htmlFor="call-time">
            <Input id="call-time" type="time" {...register('callTime')} />
          </Field>
          <Field label="Data (opcional)" htmlFor="call-date">
            <Input id="call-date" type="date" {...register('callDate')} />
          </Field>
        </div>
        <Field label="Link (opcional)" htmlFor="call-link">
          <Input
            id="call-link"
            type="url"
            inputMode="url"
            {...register('link')}
            placeholder="https://www.youtube.com/watch?v=... ou link da sala"
          />
        </Field>
        <Field label="Status" htmlFor="call-status">
          <Select id="call-status" {...register('status')}>
            {LIVE_CALL_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </Select>
        </Field>
        <p className="text-xs text-muted">
          Gravações publicadas do YouTube ou Vimeo tocam na própria plataforma para contas com mais de 7 dias.
        </p>
        {error ? (
          <p role="alert" className="text-sm text-red-400">
            {error}
          </p>
        ) : null}
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button type="submit" disabled={pending} className="w-full sm:w-auto">
            {pending ? <Spinner /> : <Save aria-hidden className="h-4 w-4" />}
            {editing ? 'Salvar Alterações' : 'Criar Call'}
          </Button>
          {editing ? (
            <Button
              variant="secondary"
              onClick={onCancelEdit}
              disabled={pending}
              className="w-full sm:w-auto"
            >
              <X aria-hidden className="h-4 w-4" />
              Cancelar
            </Button>
          ) : null}
        </div>
      </form>
    </Card>
  );
}
