import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { offlineTool, readBlobText, renderWithToaster } from '../../../testing/capture-downloads';
import { PRODUCT_DRAFT_KEY } from '../product';
import ProductCreatorTab from './product-creator-tab';

const tool = offlineTool();
const renderTab = () => renderWithToaster(<ProductCreatorTab />);

const modules = () => screen.getAllByRole('group', { name: /^Módulo \d+$/ });
const bonuses = () => screen.queryAllByRole('group', { name: /^Bônus \d+$/ });

const PRICE_INVALID = 'Valor inválido. Use vírgula para os centavos, como 1.234,56.';

describe('ProductCreatorTab', () => {
  it('starts with one module that cannot be removed and no bonuses; adds and removes them', () => {
    renderTab();
    expect(modules()).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Remover módulo 1' })).toHaveProperty('disabled', true);
    expect(bonuses()).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Adicionar Módulo' }));
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar Módulo' }));
    expect(
      modules().map((m) => m.getAttribute('aria-label') ?? within(m).getByText(/^Módulo/).textContent),
    ).toEqual(['Módulo 1', 'Módulo 2', 'Módulo 3']);
    // The new module's name field has the focus.
    expect(document.activeElement).toBe(within(modules()[2]!).getByLabelText('Nome do módulo'));
    fireEvent.change(within(modules()[2]!).getByLabelText('Nome do módulo'), {
      target: { value: 'Terceiro' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Remover módulo 2' }));
    expect(modules()).toHaveLength(2);
    // Renumbered: the third module is now the second.
    expect((within(modules()[1]!).getByLabelText('Nome do módulo') as HTMLInputElement).value).toBe(
      'Terceiro',
    );
    expect(within(modules()[1]!).getByText('Módulo 2')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Adicionar Bônus' }));
    expect(bonuses()).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Remover bônus 1' }));
    expect(bonuses()).toHaveLength(0);
    expect(tool.stub.calls).toEqual([]);
  });

  it('says beside the field when a price is not an amount in reais, and shows a readable one pt-BR', () => {
    renderTab();
    const price = screen.getByLabelText('Preço (R$)') as HTMLInputElement;
    fireEvent.change(price, { target: { value: 'cem reais' } });
    fireEvent.blur(price);
    expect(screen.getByRole('alert').textContent).toBe(PRICE_INVALID);
    expect(price.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(price, { target: { value: '1497.9' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.blur(price);
    expect(price.value).toBe('1.497,90');
  });

  it('saves in this browser and restores the work after a reload', async () => {
    const first = renderTab();
    expect(screen.getByText('Nada salvo ainda: use Salvar para guardar neste navegador.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Nome do produto'), { target: { value: 'Método Seca' } });
    fireEvent.change(screen.getByLabelText('Tipo'), { target: { value: 'E-book' } });
    fireEvent.change(screen.getByLabelText('Nicho'), { target: { value: 'Marketing' } });
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar Bônus' }));
    fireEvent.change(screen.getByLabelText('Nome do bônus'), { target: { value: 'Grupo VIP' } });
    fireEvent.change(screen.getByLabelText('Texto da garantia'), { target: { value: '7 dias' } });
    expect(screen.getByText('Alterações não salvas.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Produto salvo!')).toBeTruthy();
    expect(screen.getByText(/^Salvo neste navegador em \d{2}\/\d{2}\/\d{4}/)).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(PRODUCT_DRAFT_KEY) ?? '{}').draft.name).toBe('Método Seca');

    // Not saved: lost on reload.
    fireEvent.change(screen.getByLabelText('Nome do produto'), { target: { value: 'Outro nome' } });
    first.unmount();
    renderTab();
    expect((screen.getByLabelText('Nome do produto') as HTMLInputElement).value).toBe('Método Seca');
    expect((screen.getByLabelText('Tipo') as HTMLSelectElement).value).toBe('E-book');
    expect((screen.getByLabelText('Nicho') as HTMLSelectElement).value).toBe('Marketing');
    expect((screen.getByLabelText('Nome do bônus') as HTMLInputElement).value).toBe('Grupo VIP');
    expect((screen.getByLabelText('Texto da garantia') as HTMLTextAreaElement).value).toBe('7 dias');
    expect(screen.queryByText(/Alterações não salvas/)).toBeNull();
  });

  it('ignores a stored value that is not a product', () => {
    localStorage.setItem(PRODUCT_DRAFT_KEY, '{"draft":{"name":5},"savedAt":"x"}');
    renderTab();
    expect((screen.getByLabelText('Nome do produto') as HTMLInputElement).value).toBe('');
    expect(modules()).toHaveLength(1);
  });

  it('previews and exports the Markdown document', async () => {
    renderTab();
    fireEvent.change(screen.getByLabelText('Nome do produto'), { target: { value: 'Curso #1' } });
    fireEvent.change(screen.getByLabelText('Nome do módulo'), { target: { value: 'Início' } });
    fireEvent.click(screen.getByRole('button', { name: 'Visualizar' }));
    const dialog = screen.getByRole('dialog', { name: 'Prévia do produto' });
    expect(within(dialog).getByText(/^# Curso \\#1/).textContent).toContain('### Módulo 1: Início');
    fireEvent.keyDown(dialog, { key: 'Escape' });

    fireEvent.click(screen.getByRole('button', { name: 'Exportar' }));
    expect(tool.downloads.map((d) => [d.name, d.blob.type])).toEqual([
      ['produto-curso-1.md', 'text/markdown;charset=utf-8'],
    ]);
    const text = await readBlobText(tool.downloads[0]!.blob);
    expect(text.startsWith('# Curso \\#1\n')).toBe(true);
    expect(text).toContain('### Módulo 1: Início');
  });
});
