import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import PublishPostRoute from './publish-post';
import PublishPromotionRoute from './publish-promotion';

/** Where the app is, and a Back button standing in for the browser's. */
function Dashboard() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <p>{`Em ${location.pathname}${location.search}`}</p>
      <button type="button" onClick={() => navigate(-1)}>
        Voltar do navegador
      </button>
    </>
  );
}

function renderPublishPage(path: string, Page: ComponentType, from: string) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/dashboard?tab=ranking', from, path]} initialIndex={2}>
        <Routes>
          <Route path={path} element={<Page />} />
          <Route path="*" element={<Dashboard />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('publishing pages return to their tab URL', () => {
  it.each([
    ['/publicar-post', PublishPostRoute, 'comunidade'],
    ['/publicar-divulgacao', PublishPromotionRoute, 'divulgacao'],
  ] as const)(
    '%s: Cancelar and the back arrow open /dashboard?tab=%s in place of the form',
    (path, Page, tab) => {
      renderPublishPage(path, Page, `/dashboard?tab=${tab}`);
      fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
      expect(screen.getByText(`Em /dashboard?tab=${tab}`)).toBeTruthy();
      // The form's entry was replaced: Back goes to what came before it, not to the form again.
      fireEvent.click(screen.getByRole('button', { name: 'Voltar do navegador' }));
      expect(screen.getByText(`Em /dashboard?tab=${tab}`)).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Voltar do navegador' }));
      expect(screen.getByText('Em /dashboard?tab=ranking')).toBeTruthy();
    },
  );

  it.each([
    ['/publicar-post', PublishPostRoute, 'comunidade'],
    ['/publicar-divulgacao', PublishPromotionRoute, 'divulgacao'],
  ] as const)('%s: the header back arrow opens /dashboard?tab=%s', (path, Page, tab) => {
    renderPublishPage(path, Page, '/dashboard?tab=ranking');
    fireEvent.click(screen.getByRole('button', { name: 'Voltar' }));
    expect(screen.getByText(`Em /dashboard?tab=${tab}`)).toBeTruthy();
  });
});
