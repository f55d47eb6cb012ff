import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { whenIdleAfterLoad } from '../../lib/idle-after-load';
import { type DeferredOpenProps, deferred } from './deferred';

function Real({ label, defaultOpen }: { label: string } & DeferredOpenProps) {
  return (
    <>
      <button type="button" data-real="">
        {label}
      </button>
      {defaultOpen ? <div role="dialog" aria-label="painel" /> : null}
    </>
  );
}

/** A widget whose chunk arrives when the test says so. */
function widget() {
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  let loads = 0;
  const Widget = deferred<{ label: string }>(
    () => {
      loads += 1;
      return arrived.then(() => Real);
    },
    ({ label, standIn }) => <button {...standIn}>{label}</button>,
    'dialog',
  );
  return { Widget, arrive, loads: () => loads };
}

describe('deferred', () => {
  it('renders the stand-in first, then the real widget closed once the page is idle', async () => {
    const { Widget, arrive, loads } = widget();
    render(<Widget label="Abrir" />);
    const standIn = screen.getByRole('button', { name: 'Abrir' });
    expect(standIn.hasAttribute('data-deferred')).toBe(true);
    expect(standIn.getAttribute('aria-haspopup')).toBe('dialog');
    await act(() => whenIdleAfterLoad());
    expect(loads()).toBe(1);
    await act(async () => arrive());
    expect(screen.getByRole('button', { name: 'Abrir' }).hasAttribute('data-real')).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a click on the stand-in opens the real widget when it arrives, loading it once', async () => {
    const { Widget, arrive, loads } = widget();
    render(<Widget label="Abrir" />);
    fireEvent.click(screen.getByRole('button', { name: 'Abrir' }));
    fireEvent.pointerEnter(screen.getByRole('button', { name: 'Abrir' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(async () => arrive());
    expect(screen.getByRole('dialog', { name: 'painel' })).toBeTruthy();
    expect(loads()).toBe(1);
  });

  it('Enter on the focused stand-in opens it; focus alone moves to the real trigger', async () => {
    const first = widget();
    const { unmount } = render(<first.Widget label="Teclado" />);
    fireEvent.keyDown(screen.getByRole('button', { name: 'Teclado' }), { key: 'Enter' });
    await act(async () => first.arrive());
    expect(screen.getByRole('dialog')).toBeTruthy();
    unmount();

    const second = widget();
    render(<second.Widget label="Foco" />);
    const standIn = screen.getByRole('button', { name: 'Foco' });
    standIn.focus();
    expect(document.activeElement).toBe(standIn);
    await act(async () => second.arrive());
    const real = screen.getByRole('button', { name: 'Foco' });
    expect(real.hasAttribute('data-real')).toBe(true);
    expect(document.activeElement).toBe(real);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
