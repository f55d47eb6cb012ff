import { zodResolver } from '@hookform/resolvers/zod';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider, useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { userOfferInput } from '../../../../shared/schemas/offers';
import type { z } from '../../../../shared/schemas/zod';
import { OfferMetricFields } from '../../../components/offer-form/offer-form-fields';

// The metrics of Subir Oferta and of the administrator's offer forms, with the member submission's own schema.
const metrics = userOfferInput.pick({ ads: true, roas: true, ticket: true });
type Values = z.input<typeof metrics>;

function MetricsForm({
  onSubmit,
  defaults,
}: {
  onSubmit: (v: z.output<typeof metrics>) => void;
  defaults: Values;
}) {
  const methods = useForm<Values, unknown, z.output<typeof metrics>>({
    resolver: zodResolver(metrics),
    defaultValues: defaults,
  });
  return (
    <FormProvider {...methods}>
      <form onSubmit={methods.handleSubmit(onSubmit)} noValidate>
        <OfferMetricFields idPrefix="t" />
        <button type="submit">Enviar</button>
      </form>
    </FormProvider>
  );
}

const input = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;

describe('OfferMetricFields', () => {
  it('reads "1.234", "3,4" and "147,90" as 1234 ads, ROAS 3.4 and R$ 147,90, and shows them pt-BR', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<MetricsForm onSubmit={onSubmit} defaults={{ ads: '', roas: '', ticket: '' }} />);
    for (const label of [/^Anúncios ativos/, /^ROAS/, /^Ticket médio/]) {
      expect(input(label).type).toBe('text');
    }
    expect(input(/^Anúncios ativos/).inputMode).toBe('numeric');
    await user.type(input(/^Anúncios ativos/), '1.234');
    await user.type(input(/^ROAS/), '3,4');
    await user.type(input(/^Ticket médio/), '147,90');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ ads: 1234, roas: 3.4, ticket: 147.9 });
    expect([input(/^Anúncios ativos/).value, input(/^ROAS/).value, input(/^Ticket médio/).value]).toEqual([
      '1.234',
      '3,4',
      '147,90',
    ]);
  });

  it('sends 0 for blank metrics and shows saved numbers pt-BR', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<MetricsForm onSubmit={onSubmit} defaults={{ ads: 1200, roas: 2.75, ticket: '' }} />);
    expect(input(/^Anúncios ativos/).value).toBe('1.200');
    expect(input(/^ROAS/).value).toBe('2,75');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ ads: 1200, roas: 2.75, ticket: 0 }, expect.anything()),
    );
  });

  it("refuses US-style and fractional text beside each field with the spec's messages, sending nothing", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<MetricsForm onSubmit={onSubmit} defaults={{ ads: '', roas: '', ticket: '' }} />);
    await user.type(input(/^Ticket médio/), '1,234.56');
    await user.tab();
    expect(screen.getByRole('alert').textContent).toBe(
      'Valor inválido. Use vírgula para os centavos, como 1.234,56.',
    );
    expect(input(/^Ticket médio/).value).toBe('1,234.56');
    await user.type(input(/^Anúncios ativos/), '1,5');
    await user.type(input(/^ROAS/), '-3,4');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Anúncios ativos deve ser um número inteiro')).toBeTruthy();
    expect(screen.getByText('ROAS deve ser um número positivo')).toBeTruthy();
    expect(
      screen.getByText(
        'Ticket médio deve ser um número positivo. Use vírgula para os centavos, como 1.234,56.',
      ),
    ).toBeTruthy();
    expect(input(/^ROAS/).getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
