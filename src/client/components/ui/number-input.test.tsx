import { zodResolver } from '@hookform/resolvers/zod';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { typedNumberInput } from '../../../shared/schemas/typed-number';
import { z } from '../../../shared/schemas/zod';
import type { NumberKind, TypedNumber } from '../../../shared/typed-number';
import { NumberField, NumberFormField } from './number-input';

/** A controlled field whose stored value is printed beside it. */
function Controlled({ kind, initial = null }: { kind: NumberKind; initial?: TypedNumber }) {
  const [value, setValue] = useState<TypedNumber>(initial);
  return (
    <>
      <NumberField id="campo" label="Valor (R$)" kind={kind} value={value} onValueChange={setValue} />
      <output data-testid="stored">{JSON.stringify(value)}</output>
      <button type="button" onClick={() => setValue(null)}>
        Limpar
      </button>
      <button type="button" onClick={() => setValue(42)}>
        Quarenta e dois
      </button>
    </>
  );
}

const field = () => screen.getByLabelText('Valor (R$)') as HTMLInputElement;
const stored = () => JSON.parse(screen.getByTestId('stored').textContent ?? 'undefined') as TypedNumber;

describe('NumberField', () => {
  it('is a text field with a decimal or numeric keyboard, never type=number', () => {
    render(<Controlled kind="money" />);
    expect(field().type).toBe('text');
    expect(field().inputMode).toBe('decimal');
    render(<NumberField id="n" label="Cliques" kind="integer" value={null} onValueChange={() => {}} />);
    expect((screen.getByLabelText('Cliques') as HTMLInputElement).inputMode).toBe('numeric');
  });

  it('stores the number while typing, never rewrites the text, and formats it pt-BR on leaving', async () => {
    const user = userEvent.setup();
    render(<Controlled kind="money" />);
    await user.type(field(), '1234.56');
    expect(field().value).toBe('1234.56');
    expect(stored()).toBe(1234.56);
    await user.tab();
    expect(field().value).toBe('1.234,56');
    expect(stored()).toBe(1234.56);

    await user.clear(field());
    expect(stored()).toBeNull();
    await user.type(field(), '97');
    await user.tab();
    expect(field().value).toBe('97,00');
    expect(stored()).toBe(97);

    await user.clear(field());
    await user.type(field(), '1.000,00');
    expect(field().value).toBe('1.000,00');
    expect(stored()).toBe(1000);
  });

  it.each<[NumberKind, string, number, string]>([
    ['money', 'R$ 350,00', 350, '350,00'],
    ['money', '0,83', 0.83, '0,83'],
    ['money', '1.234', 1234, '1.234,00'],
    ['integer', '1234', 1234, '1.234'],
    ['decimal', '3,4', 3.4, '3,4'],
    ['decimal', '3.40x', 3.4, '3,4'],
    ['percent', '1,8%', 1.8, '1,8'],
  ])('reads %s %j as %d and shows %j once left', async (kind, typed, value, shown) => {
    const user = userEvent.setup();
    render(<Controlled kind={kind} />);
    await user.type(field(), typed);
    expect(stored()).toBe(value);
    await user.tab();
    expect(field().value).toBe(shown);
  });

  it('keeps unreadable text, says why beside the field on leaving, and stores the text so nothing computes', async () => {
    const user = userEvent.setup();
    render(<Controlled kind="money" />);
    await user.type(field(), '1,234.56');
    // Not while typing: the member may still be on the way to a readable number.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(field().getAttribute('aria-invalid')).toBeNull();
    await user.tab();
    expect(field().value).toBe('1,234.56');
    expect(stored()).toBe('1,234.56');
    const message = screen.getByRole('alert');
    expect(message.textContent).toBe('Valor inválido. Use vírgula para os centavos, como 1.234,56.');
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(field().getAttribute('aria-describedby')).toBe(message.id);

    // The message goes as soon as the text reads.
    await user.clear(field());
    await user.type(field(), '1.234,56');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(field().getAttribute('aria-invalid')).toBeNull();
    expect(stored()).toBe(1234.56);
  });

  it('refuses more decimals than the kind takes and a sign', async () => {
    const user = userEvent.setup();
    render(<Controlled kind="money" />);
    await user.type(field(), '19,999');
    await user.tab();
    expect(screen.getByRole('alert').textContent).toBe(
      'Valor inválido. Use no máximo 2 casas decimais, como 1.234,56.',
    );
    await user.clear(field());
    await user.type(field(), '-5');
    await user.tab();
    expect(screen.getByRole('alert').textContent).toBe('O valor não pode ser negativo.');
    expect(stored()).toBe('-5');
  });

  it('follows a value set from outside (a reset, a draft) and shows an unreadable stored text with its message', async () => {
    const user = userEvent.setup();
    render(<Controlled kind="money" initial="97 reais" />);
    expect(field().value).toBe('97 reais');
    expect(screen.getByRole('alert').textContent).toBe(
      'Valor inválido. Use vírgula para os centavos, como 1.234,56.',
    );
    await user.click(screen.getByRole('button', { name: 'Quarenta e dois' }));
    expect(field().value).toBe('42,00');
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Limpar' }));
    expect(field().value).toBe('');
  });

  it("shows the form's message (it names the field) over its own", () => {
    const { rerender } = render(
      <NumberField
        id="c"
        label="Valor"
        kind="money"
        value={10}
        onValueChange={() => {}}
        error="Valor mínimo é R$ 50,00"
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('Valor mínimo é R$ 50,00');
    rerender(
      <NumberField
        id="c"
        label="Valor"
        kind="money"
        value="-5"
        onValueChange={() => {}}
        error="Ticket médio deve ser um número positivo"
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('Ticket médio deve ser um número positivo');
    rerender(<NumberField id="c" label="Valor" kind="money" value="-5" onValueChange={() => {}} />);
    expect(screen.getByRole('alert').textContent).toBe('O valor não pode ser negativo.');
  });
});

const schema = z.object({
  ticket: typedNumberInput(
    'money',
    { message: 'Ticket médio deve ser um número positivo', blank: 0 },
    z.number().min(0, 'Ticket médio deve ser um número positivo'),
  ),
});

function RhfForm({ onSubmit }: { onSubmit: (values: z.output<typeof schema>) => void }) {
  const { control, handleSubmit } = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { ticket: '' },
  });
  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate>
      <NumberFormField control={control} name="ticket" id="ticket" label="Ticket médio (R$)" kind="money" />
      <button type="submit">Enviar</button>
    </form>
  );
}

describe('NumberFormField (react-hook-form)', () => {
  it('submits the number read from Brazilian text', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<RhfForm onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText('Ticket médio (R$)'), '147,90');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ ticket: 147.9 });
    expect((screen.getByLabelText('Ticket médio (R$)') as HTMLInputElement).value).toBe('147,90');
  });

  it('does not submit unreadable text, pressing Enter without leaving the field, and says why beside it', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<RhfForm onSubmit={onSubmit} />);
    const input = screen.getByLabelText('Ticket médio (R$)');
    await user.type(input, '1,234.56{Enter}');
    const message = await screen.findByRole('alert');
    expect(message.textContent).toBe(
      'Ticket médio deve ser um número positivo. Use vírgula para os centavos, como 1.234,56.',
    );
    expect(input.getAttribute('aria-describedby')).toBe(message.id);
    expect(document.activeElement).toBe(input);
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
