import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { offlineTool, readBlobText, renderWithToaster } from '../../../testing/capture-downloads';
import { UPSELL_DRAFT_KEY } from '../upsell';
import UpsellCreatorTab from './upsell-creator-tab';

const tool = offlineTool();
const renderTab = () => renderWithToaster(<UpsellCreatorTab />);

const upsells = () => screen.getAllByRole('group', { name: /^Upsell \d+$/ });
const discountOf = (group: HTMLElement) =>
  within(group).getByRole('status', { name: 'Desconto' }).textContent;

describe('UpsellCreatorTab', () => {
  it('recalculates the rounded discount whenever a price changes, blank otherwise', () => {
    renderTab();
    const [first] = upsells();
    const original = within(first!).getByLabelText('Preço original (R$)');
    const price = within(first!).getByLabelText('Preço do upsell (R$)');
    expect(discountOf(first!)).toBe('');
    fireEvent.change(original, { target: { value: '297' } });
    expect(discountOf(first!)).toBe('');
    fireEvent.change(price, { target: { value: '197' } });
    expect(discountOf(first!)).toBe('34%');
    fireEvent.change(original, { target: { value: '200' } });
    expect(discountOf(first!)).toBe('2%'); // 3 / 200 = 1.5% -> 2
    fireEvent.change(price, { target: { value: '250' } });
    expect(discountOf(first!)).toBe('');
    fireEvent.change(price, { target: { value: 'barato' } });
    expect(discountOf(first!)).toBe('');
    fireEvent.blur(price);
    expect(within(first!).getByRole('alert').textContent).toBe(
      'Valor inválido. Use vírgula para os centavos, como 1.234,56.',
    );
    expect(price.getAttribute('aria-invalid')).toBe('true');

    // Brazilian amounts, as any browser language types them; shown pt-BR once left.
    fireEvent.change(original, { target: { value: '1.497,00' } });
    fireEvent.change(price, { target: { value: '997' } });
    expect(discountOf(first!)).toBe('33%');
    fireEvent.blur(original);
    expect((original as HTMLInputElement).value).toBe('1.497,00');
    fireEvent.change(price, { target: { value: '997.5' } });
    fireEvent.blur(price);
    expect((price as HTMLInputElement).value).toBe('997,50');
    expect(discountOf(first!)).toBe('33%');
  });

  it('keeps one upsell and one benefit entry at least', () => {
    renderTab();
    expect(screen.getByRole('button', { name: 'Remover upsell 1' })).toHaveProperty('disabled', true);
    const benefit = screen.getByLabelText('Benefício 1 do upsell 1') as HTMLInputElement;
    fireEvent.change(benefit, { target: { value: 'Acesso vitalício' } });
    fireEvent.click(screen.getByRole('button', { name: 'Remover benefício 1 do upsell 1' }));
    expect((screen.getByLabelText('Benefício 1 do upsell 1') as HTMLInputElement).value).toBe('');

    fireEvent.click(screen.getByRole('button', { name: 'Adicionar benefício ao upsell 1' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Benefício 2 do upsell 1'));
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar Upsell' }));
    expect(upsells()).toHaveLength(2);
    expect(within(upsells()[1]!).getByLabelText('Benefício 1 do upsell 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remover upsell 1' }));
    expect(upsells()).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Remover upsell 1' })).toHaveProperty('disabled', true);
  });

  it('saves, restores after a reload, and exports the Markdown', async () => {
    const first = renderTab();
    fireEvent.change(screen.getByLabelText('Nome do produto principal'), { target: { value: 'Curso Base' } });
    fireEvent.change(screen.getByLabelText('Nome do upsell'), { target: { value: 'Mentoria *VIP*' } });
    fireEvent.change(screen.getByLabelText('Tipo'), { target: { value: 'Consultoria Personalizada' } });
    fireEvent.change(screen.getByLabelText('Preço original (R$)'), { target: { value: '997' } });
    fireEvent.change(screen.getByLabelText('Preço do upsell (R$)'), { target: { value: '497' } });
    fireEvent.change(screen.getByLabelText('Urgência'), { target: { value: 'Limitado por quantidade' } });
    fireEvent.change(screen.getByLabelText('Benefício 1 do upsell 1'), { target: { value: '4 encontros' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Estratégia salva!')).toBeTruthy();
    expect(localStorage.getItem(UPSELL_DRAFT_KEY)).toContain('Mentoria *VIP*');
    first.unmount();

    renderTab();
    expect((screen.getByLabelText('Nome do upsell') as HTMLInputElement).value).toBe('Mentoria *VIP*');
    expect((screen.getByLabelText('Urgência') as HTMLSelectElement).value).toBe('Limitado por quantidade');
    expect(discountOf(upsells()[0]!)).toBe('50%');

    fireEvent.click(screen.getByRole('button', { name: 'Exportar' }));
    expect(tool.downloads.map((d) => d.name)).toEqual(['upsells-curso-base.md']);
    const text = await readBlobText(tool.downloads[0]!.blob);
    expect(text).toContain('### Upsell 1: Mentoria \\*VIP\\*');
    expect(text).toContain('- **Desconto:** 50%');
    expect(text).toContain('**Benefícios:**\n\n- 4 encontros\n');
    expect(tool.stub.calls).toEqual([]);
  });
});
