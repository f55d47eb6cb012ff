import { zodResolver } from '@hookform/resolvers/zod';
import { FlaskConical } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { TEST_WEBHOOK_EVENTS, testWebhookInput } from '../../../../shared/schemas/admin';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { type TestWebhookEvent, useTestWebhook } from '../api/use-test-webhook';
import { EVENT_LABELS } from '../webhook-labels';

export function WebhookTestCard() {
  const test = useTestWebhook();
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(testWebhookInput),
    defaultValues: { email: '', eventType: TEST_WEBHOOK_EVENTS[0] },
  });
  const error = errors.email?.message ?? errors.eventType?.message;

  // One button per event: the clicked one is the event sent with the typed e-mail.
  const run = (eventType: TestWebhookEvent) => {
    setValue('eventType', eventType);
    void handleSubmit((values) => test.mutate(values))();
  };

  return (
    <Card className="space-y-4">
      <div>
        <h3 className="font-semibold">Testar webhook</h3>
        <p className="text-sm text-muted">
          Simula um aviso da Lastlink para o e-mail informado, com o mesmo processamento de um aviso real.
        </p>
      </div>
      <Field label="E-mail de teste" htmlFor="webhook-test-email" error={error}>
        <Input
          id="webhook-test-email"
          type="email"
          autoComplete="off"
          placeholder="comprador@exemplo.com"
          aria-invalid={error ? true : undefined}
          {...register('email')}
        />
      </Field>
      <div className="grid gap-2 sm:grid-cols-3 lg:grid-cols-1 xl:grid-cols-3">
        {TEST_WEBHOOK_EVENTS.map((eventType) => (
          <Button key={eventType} variant="outline" disabled={test.isPending} onClick={() => run(eventType)}>
            {test.isPending && test.variables?.eventType === eventType ? (
              <Spinner />
            ) : (
              <FlaskConical className="h-4 w-4" aria-hidden />
            )}
            {EVENT_LABELS[eventType]}
          </Button>
        ))}
      </div>
    </Card>
  );
}
