import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Notice } from './notice';

afterEach(() => {
  vi.useRealTimers();
});

/** A parent that re-renders (new onClose each time) while the notice is up. */
function Host({ duration }: { duration?: number }) {
  const [open, setOpen] = useState(true);
  const [ticks, setTicks] = useState(0);
  return (
    <>
      <button type="button" onClick={() => setTicks(ticks + 1)}>
        {`renderizar ${ticks}`}
      </button>
      {open ? (
        <Notice variant="orange" title="Aviso" duration={duration} onClose={() => setOpen(false)}>
          texto
        </Notice>
      ) : null}
    </>
  );
}

describe('Notice', () => {
  it('closes with its X button', async () => {
    render(<Host />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Fechar aviso' }));
    expect(screen.queryByText('Aviso')).toBeNull();
  });

  it('hides after its duration, and parent re-renders do not restart the timer', async () => {
    vi.useFakeTimers();
    render(<Host duration={5_000} />);
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    act(() => screen.getByRole('button', { name: 'renderizar 0' }).click());
    expect(screen.getByRole('button', { name: 'renderizar 1' })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1_900));
    expect(screen.queryByText('Aviso')).not.toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.queryByText('Aviso')).toBeNull();
  });

  it('stays without a duration', async () => {
    vi.useFakeTimers();
    render(<Host />);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(screen.getByText('Aviso')).toBeTruthy();
  });
});
