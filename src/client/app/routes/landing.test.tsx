import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFetchStub, json, renderWithProviders } from '../../testing/render-with-providers';
import Landing from './landing';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('/home footer', () => {
  it('shows the current year in São Paulo, not a year written in the code', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.stubGlobal('fetch', createFetchStub({ 'GET /api/club': () => json(200, { plans: [] }) }).fetch);
    // 23:00 of New Year's Eve in São Paulo is already 2027 in UTC.
    vi.setSystemTime(new Date('2027-01-01T02:00:00Z'));
    const first = renderWithProviders(<Landing />, { url: '/home' });
    expect(screen.getByText(/© 2026 Clube Escala/)).toBeTruthy();
    first.unmount();
    vi.setSystemTime(new Date('2027-01-01T03:00:00Z'));
    renderWithProviders(<Landing />, { url: '/home' });
    expect(screen.getByText(/© 2027 Clube Escala/)).toBeTruthy();
  });
});
