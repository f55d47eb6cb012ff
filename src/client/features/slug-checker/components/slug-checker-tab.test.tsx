import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BASE_SLUG_INVALID, DOMAIN_INVALID, DOMAIN_REQUIRED } from '../../../../shared/slug-checker-rules';
import { TOP_UP_UNAVAILABLE } from '../../../components/balance/top-up-unavailable';
import {
  createFetchStub,
  json,
  networkFailure,
  renderWithProviders,
} from '../../../testing/render-with-providers';
import { STREAM_CUT } from '../api/stream-slug-check';
import { RUNNING_SCAN_POLL_MS } from '../api/use-slug-scans';
import {
  controlledStream,
  makeResponse,
  makeResult,
  makeScanDetail,
  sampleResults,
  sse,
  summaryOf,
} from '../test-fixtures';
import SlugCheckerTab from './slug-checker-tab';

const INSUFFICIENT =
  'Saldo insuficiente: cada verificação custa R$ 1,00. Adicione saldo com PIX para continuar.';

type Routes = Parameters<typeof createFetchStub>[0];

/** The API stub (fails on any unexpected call), plus what each fetch was sent with. */
function stubApi(
  routes: Routes = {},
  { balance = 3, scans = [] as unknown[], pixTopUp = 'sandbox' as 'sandbox' | 'off' } = {},
) {
  const stub = createFetchStub({
    'GET /api/user/balance': () => json(200, { balance, pixTopUp }),
    'GET /api/slug-scans': () => json(200, { scans }),
    ...routes,
  });
  const inits: RequestInit[] = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    inits.push(init ?? {});
    return stub.fetch(input, init);
  });
  return { ...stub, inits };
}

const calls = (stub: ReturnType<typeof stubApi>, key: string) =>
  stub.calls.filter((c) => `${c.method} ${c.path}` === key).length;

function startScan(domain = 'loja.com.br', baseSlug = '') {
  fireEvent.change(screen.getByLabelText('Domínio'), { target: { value: domain } });
  if (baseSlug)
    fireEvent.change(screen.getByLabelText('Slug base (opcional)'), { target: { value: baseSlug } });
  fireEvent.click(screen.getByRole('button', { name: 'Verificar Slugs' }));
}

/** The Blob's text as written (BOM kept): jsdom's Blob has no text(). */
const readBlob = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      resolve(new TextDecoder('utf-8', { ignoreBOM: true }).decode(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });

const resultList = () => screen.getByRole('tabpanel').querySelector('ul') as HTMLElement;
const rowCount = () => within(resultList()).getAllByRole('listitem').length;

let writeText: ReturnType<typeof vi.fn>;
beforeEach(() => {
  writeText = vi.fn(async () => {});
  vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
});
afterEach(() => vi.unstubAllGlobals());

describe('SlugCheckerTab', () => {
  it('shows the balance and the cost before starting, and validates the domain without calling the server', async () => {
    const stub = stubApi();
    renderWithProviders(<SlugCheckerTab />);
    expect(await screen.findByText('R$ 3,00')).toBeTruthy();
    expect(screen.getByText(/R\$ 1,00 por verificação/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Verificar Slugs' }));
    expect((await screen.findByRole('alert')).textContent).toBe(DOMAIN_REQUIRED);
    expect(screen.getByLabelText('Domínio').getAttribute('aria-invalid')).toBe('true');

    startScan('https://loja/');
    // The form checks with the shared schema (async): the message changes once it has answered.
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(DOMAIN_INVALID));
    expect(calls(stub, 'POST /api/check-slugs')).toBe(0);
    expect(stub.unexpected).toEqual([]);
  });

  it('streams the scan: progress and results appear as they arrive, then the final answer, tabs, paging and refreshes', async () => {
    const stream = controlledStream();
    const results = sampleResults();
    const stub = stubApi({ 'POST /api/check-slugs': () => stream.response() });
    renderWithProviders(<SlugCheckerTab />);
    await screen.findByText('R$ 3,00');
    startScan('https://loja.com.br/produto', 'oferta');

    await waitFor(() => expect(calls(stub, 'POST /api/check-slugs')).toBe(1));
    const post = stub.calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ domain: 'https://loja.com.br/produto', baseSlug: 'oferta' });
    const init = stub.inits.find((i) => i.method === 'POST');
    expect(init?.headers).toMatchObject({ accept: 'text/event-stream' });
    expect(init?.signal).toBeInstanceOf(AbortSignal);
    expect(screen.getByRole('button', { name: 'Parar' })).toBeTruthy();

    // Frames cut at awkward places: inside a field name, inside the JSON, between CR and LF.
    const first = `${sse('progress', { tested: 0, total: 24 })}${sse('result', results[0])}${sse('result', results[12])}${sse('progress', { tested: 2, total: 24 })}`;
    stream.push(first.slice(0, 7));
    stream.push(first.slice(7, 60));
    stream.push(`${first.slice(60)}: ping\r`);
    stream.push('\n\r\n');
    const bar = await screen.findByRole('progressbar', { name: 'Slugs testados' });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('2'));
    expect(bar.getAttribute('aria-valuemax')).toBe('24');
    expect(screen.getByText('2 de 24 testados (8%)')).toBeTruthy();
    // The panel opens on the valid ones; the redirect counts on its tab.
    expect(await screen.findByText('https://loja.com.br/obrigado1')).toBeTruthy();
    expect(screen.getByRole('tab', { name: /Válidos\s*1/ }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: /Redirecionamentos\s*1/ })).toBeTruthy();
    expect(screen.queryByText('https://loja.com.br/checkout')).toBeNull();

    for (const r of results.slice(1, 12).concat(results.slice(13))) stream.push(sse('result', r));
    stream.push(sse('progress', { tested: 24, total: 24 }));
    stream.push(sse('done', makeResponse(results)));
    stream.close();

    expect(await screen.findByText('Verificação Completa')).toBeTruthy();
    expect(screen.getByText('12 URLs válidas de 24 testadas.')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('button', { name: 'Verificar Slugs' })).toBeTruthy();

    // Counts on the tabs; the valid tab open, ten per page.
    expect(screen.getByRole('tab', { name: /Todos\s*24/ })).toBeTruthy();
    expect(screen.getByRole('tab', { name: /Válidos\s*12/ }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: /Redirecionamentos\s*3/ })).toBeTruthy();
    expect(screen.getByRole('tab', { name: /Não encontradas \(404\)\s*7/ })).toBeTruthy();
    expect(screen.getByRole('tab', { name: /Erros\s*2/ })).toBeTruthy();
    expect(rowCount()).toBe(10);
    expect(screen.getByText('Mostrando 10 de 12')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Carregar Mais' }));
    expect(rowCount()).toBe(12);
    expect(screen.queryByRole('button', { name: 'Carregar Mais' })).toBeNull();

    // Radix tabs switch on mouse down; 'Todos' lists found pages first.
    fireEvent.mouseDown(screen.getByRole('tab', { name: /Todos/ }));
    expect(rowCount()).toBe(10);
    expect(screen.getByText('Mostrando 10 de 24')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Carregar Mais' }));
    expect(rowCount()).toBe(20);
    fireEvent.click(screen.getByRole('button', { name: 'Carregar Mais' }));
    expect(rowCount()).toBe(24);
    expect(screen.queryByRole('button', { name: 'Carregar Mais' })).toBeNull();

    fireEvent.mouseDown(screen.getByRole('tab', { name: /Redirecionamentos/ }));
    expect(rowCount()).toBe(3);
    const redirects = within(resultList()).getAllByRole('listitem');
    expect(redirects.map((li) => li.querySelector('.font-mono')?.textContent)).toEqual([
      'https://loja.com.br/checkout',
      'https://loja.com.br/membros',
      'https://loja.com.br/pix',
    ]);
    expect(within(redirects[1] as HTMLElement).getByText('https://loja.com.br/login')).toBeTruthy();
    expect(within(redirects[1] as HTMLElement).getByText('42 ms')).toBeTruthy();

    // Ordinary 404s and soft-404s apart from the real failures (a 403 and a request without answer).
    fireEvent.mouseDown(screen.getByRole('tab', { name: /Não encontradas/ }));
    expect(rowCount()).toBe(7);
    expect(within(resultList()).getByText('https://loja.com.br/nada1')).toBeTruthy();
    expect(within(resultList()).getByText('https://loja.com.br/curinga')).toBeTruthy();
    expect(within(resultList()).getByText('https://loja.com.br/painel')).toBeTruthy();
    expect(within(resultList()).queryByText('https://loja.com.br/wp-admin')).toBeNull();
    fireEvent.mouseDown(screen.getByRole('tab', { name: /Erros/ }));
    expect(
      within(resultList())
        .getAllByRole('listitem')
        .map((li) => li.querySelector('.font-mono')?.textContent),
    ).toEqual(['https://loja.com.br/wp-admin', 'https://loja.com.br/vsl']);

    fireEvent.mouseDown(screen.getByRole('tab', { name: /Válidos/ }));
    expect(rowCount()).toBe(10);
    expect(within(resultList()).queryByText('https://loja.com.br/curinga')).toBeNull();

    // The balance and the recent scans are asked for again after the scan.
    await waitFor(() => expect(calls(stub, 'GET /api/user/balance')).toBe(2));
    await waitFor(() => expect(calls(stub, 'GET /api/slug-scans')).toBe(2));
    expect(stub.unexpected).toEqual([]);
  }, 15_000); // one long walk through the whole screen: ~3.5 s on an idle 2-core machine

  it('copies one URL and every URL of the current tab, and exports the tab as CSV (escaped)', async () => {
    const results = sampleResults();
    stubApi({
      'POST /api/check-slugs': () => {
        const s = controlledStream();
        s.push(sse('done', makeResponse(results)));
        s.close();
        return s.response();
      },
    });
    let blob: Blob | undefined;
    let fileName = '';
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (b: Blob) => {
          blob = b;
          return 'blob:csv';
        },
        revokeObjectURL: () => {},
      }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      fileName = this.download;
    });
    renderWithProviders(<SlugCheckerTab />);
    startScan();
    await screen.findByText('Verificação Completa');

    fireEvent.click(screen.getByRole('button', { name: 'Copiar URL obrigado1' }));
    expect(await screen.findByText('URL Copiada')).toBeTruthy();
    expect(writeText).toHaveBeenLastCalledWith('https://loja.com.br/obrigado1');

    // 'Copiar Todas' copies every URL of the open tab (the valid one at first), not only the ten shown.
    expect(rowCount()).toBe(10);
    fireEvent.click(screen.getByRole('button', { name: 'Copiar Todas' }));
    await waitFor(() =>
      expect(writeText).toHaveBeenLastCalledWith(
        Array.from({ length: 12 }, (_, i) => `https://loja.com.br/obrigado${i + 1}`).join('\n'),
      ),
    );
    fireEvent.mouseDown(screen.getByRole('tab', { name: /Não encontradas/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Copiar Todas' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(3));
    expect(writeText.mock.lastCall?.[0].split('\n')).toHaveLength(7);

    fireEvent.mouseDown(screen.getByRole('tab', { name: /Redirecionamentos/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Copiar Todas' }));
    expect(await screen.findByText('URLs Copiadas')).toBeTruthy();
    expect(writeText).toHaveBeenLastCalledWith(
      'https://loja.com.br/checkout\nhttps://loja.com.br/membros\nhttps://loja.com.br/pix',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    expect(click).toHaveBeenCalledTimes(1);
    const today = new Date();
    const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    expect(fileName).toBe(`slugs_loja.com.br_${day}_redirecionamentos.csv`);
    const text = await readBlob(blob as Blob);
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).split('\r\n');
    expect(lines[0]).toBe('URL;Slug;Status;Status Text;Valid;Response Time;Redirect URL');
    expect(lines[1]).toBe(
      `https://loja.com.br/checkout;checkout;302;HTTP;Não;42;"'=HYPERLINK(""http://mal.com"",""clique"")"`,
    );
    expect(lines.slice(1).filter(Boolean)).toHaveLength(3);
    click.mockRestore();
  });

  it("refuses for lack of balance (402) with 'saldo' in the message and a way to 'Adicionar Saldo'", async () => {
    const stub = stubApi(
      { 'POST /api/check-slugs': () => json(402, { message: INSUFFICIENT }) },
      { balance: 0.5 },
    );
    renderWithProviders(<SlugCheckerTab />);
    expect(await screen.findByText('R$ 0,50')).toBeTruthy();
    expect(screen.getByText(/Saldo insuficiente para uma verificação/)).toBeTruthy();
    startScan();
    expect(await screen.findByText('Verificação Falhou')).toBeTruthy();
    const notice = (await screen.findByText('Saldo insuficiente')).closest('[role="alert"]') as HTMLElement;
    expect(within(notice).getByText(INSUFFICIENT)).toBeTruthy();
    fireEvent.click(within(notice).getByRole('button', { name: 'Adicionar Saldo' }));
    expect(await screen.findByRole('dialog', { name: 'Adicionar Saldo' })).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(stub.unexpected).toEqual([]);
  });

  it('in a club without PIX top-up, offers the support instead of a top-up that would fail', async () => {
    const stub = stubApi(
      { 'POST /api/check-slugs': () => json(402, { message: INSUFFICIENT }) },
      { balance: 0.5, pixTopUp: 'off' },
    );
    renderWithProviders(<SlugCheckerTab />);
    expect(await screen.findByText('R$ 0,50')).toBeTruthy();
    expect(screen.getByText('Saldo insuficiente para uma verificação.')).toBeTruthy();
    expect(screen.getByText(TOP_UP_UNAVAILABLE)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Adicionar Saldo' })).toBeNull();
    startScan();
    const notice = (await screen.findByText('Saldo insuficiente')).closest('[role="alert"]') as HTMLElement;
    expect(within(notice).queryByRole('button', { name: 'Adicionar Saldo' })).toBeNull();
    const support = within(notice).getByRole('link', { name: 'Falar com o suporte' });
    expect(support.getAttribute('href')).toBe('/suporte');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(stub.unexpected).toEqual([]);
  });

  it.each([
    [
      409,
      'Você já tem uma verificação em andamento. Aguarde ela terminar (ou pare-a) antes de começar outra.',
    ],
    [
      422,
      'Não foi possível conectar a loja.com.br (https e http): conexão recusada ou interrompida. Nada foi cobrado.',
    ],
    [429, 'Muitas requisições. Tente novamente em alguns minutos.'],
  ])('shows the server message of a %i refusal', async (status, message) => {
    stubApi({ 'POST /api/check-slugs': () => json(status, { message }) });
    renderWithProviders(<SlugCheckerTab />);
    startScan();
    expect(await screen.findByText('Verificação Falhou')).toBeTruthy();
    expect((await screen.findAllByText(message)).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Verificar Slugs' })).toBeTruthy();
  });

  it('says so when the server cannot be reached', async () => {
    stubApi({ 'POST /api/check-slugs': networkFailure });
    renderWithProviders(<SlugCheckerTab />);
    startScan();
    expect(
      (await screen.findAllByText('Sem conexão com o servidor. Verifique sua internet e tente novamente.'))
        .length,
    ).toBeGreaterThan(0);
  });

  it('says so when the stream ends before the final answer, keeping what arrived', async () => {
    stubApi({
      'POST /api/check-slugs': () => {
        const s = controlledStream();
        s.push(sse('result', makeResult('obrigado', 200)));
        s.push('event: result\ndata: {"url":');
        s.close();
        return s.response();
      },
    });
    renderWithProviders(<SlugCheckerTab />);
    startScan();
    expect((await screen.findAllByText(STREAM_CUT)).length).toBeGreaterThan(0);
    expect(screen.getByText('https://loja.com.br/obrigado')).toBeTruthy();
  });

  it('keeps the results received when the server reports an error mid-scan', async () => {
    stubApi({
      'POST /api/check-slugs': () => {
        const s = controlledStream();
        s.push(sse('result', makeResult('obrigado', 200)));
        s.push(sse('error', { message: 'Erro interno do servidor.' }));
        s.close();
        return s.response();
      },
    });
    renderWithProviders(<SlugCheckerTab />);
    startScan();
    expect(await screen.findByText('Verificação Falhou')).toBeTruthy();
    expect((await screen.findAllByText('Erro interno do servidor.')).length).toBeGreaterThan(0);
    expect(screen.getByText('https://loja.com.br/obrigado')).toBeTruthy();
    expect(screen.getByText('Falhou')).toBeTruthy();
  });

  it("'Parar' closes the request and keeps the partial results", async () => {
    const stream = controlledStream();
    const stub = stubApi({ 'POST /api/check-slugs': () => stream.response() });
    renderWithProviders(<SlugCheckerTab />);
    startScan();
    stream.push(sse('progress', { tested: 0, total: 1378 }));
    stream.push(sse('result', makeResult('obrigado', 200)));
    stream.push(sse('progress', { tested: 1, total: 1378 }));
    expect(await screen.findByText('https://loja.com.br/obrigado')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Parar' }));
    expect(await screen.findByText('Verificação interrompida')).toBeTruthy();
    const init = stub.inits.find((i) => i.method === 'POST');
    expect(init?.signal?.aborted).toBe(true);
    await waitFor(() => expect(stream.cancelled()).toBe(true));
    expect(screen.getByText('Interrompida')).toBeTruthy();
    expect(screen.getByText('https://loja.com.br/obrigado')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('asks for the recent scans again while one is still running, until the server has stored it', async () => {
    const done = summaryOf(makeScanDetail([]));
    let answers = 0;
    const stub = stubApi({
      'GET /api/slug-scans': () => {
        answers += 1;
        const running = { ...done, status: 'running', createdAt: new Date().toISOString(), finishedAt: null };
        return json(200, { scans: [answers === 1 ? running : { ...done, status: 'stopped' }] });
      },
    });
    renderWithProviders(<SlugCheckerTab />);
    expect(await screen.findByText('Em andamento')).toBeTruthy();
    expect(
      await screen.findByText('Interrompida', {}, { timeout: RUNNING_SCAN_POLL_MS + 3_000 }),
    ).toBeTruthy();
    expect(calls(stub, 'GET /api/slug-scans')).toBe(2);
  });

  it('does not keep asking for a scan left running long ago (a dead instance)', async () => {
    const done = summaryOf(makeScanDetail([]));
    const stale = { ...done, status: 'running', finishedAt: null, createdAt: '2025-03-14T15:30:00.000Z' };
    const stub = stubApi({}, { scans: [stale] });
    renderWithProviders(<SlugCheckerTab />);
    expect(await screen.findByText('Em andamento')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, RUNNING_SCAN_POLL_MS + 500));
    expect(calls(stub, 'GET /api/slug-scans')).toBe(1);
  });

  it('lists the recent scans and reopens one with its tabs', async () => {
    const detail = makeScanDetail([
      makeResult('up1', 200),
      makeResult('nada', 404),
      makeResult('checkout', 302),
    ]);
    const summary = summaryOf(detail);
    const stub = stubApi(
      { [`GET /api/slug-scans/${detail.id}`]: () => json(200, detail) },
      { scans: [summary] },
    );
    renderWithProviders(<SlugCheckerTab />);
    expect(await screen.findByText('antiga.com.br')).toBeTruthy();
    expect(screen.getByText(/3 testados/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^Abrir verificação de antiga\.com\.br/ }));
    expect(await screen.findByRole('heading', { name: 'Resultados: antiga.com.br' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: /Válidos\s*1/ }).getAttribute('aria-selected')).toBe('true');
    expect(rowCount()).toBe(1);
    fireEvent.mouseDown(screen.getByRole('tab', { name: /Todos/ }));
    expect(rowCount()).toBe(3);
    expect(stub.unexpected).toEqual([]);
  });

  it('shows a running scan with its progress, and an interrupted one with the money given back', async () => {
    const done = summaryOf(makeScanDetail([]));
    const running = {
      ...done,
      id: '33333333-3333-4333-8333-333333333333',
      status: 'running',
      finishedAt: null,
      createdAt: new Date().toISOString(),
      totalTested: 240,
      totalSlugs: 1377,
    };
    let answers = 0;
    const stub = stubApi({
      'GET /api/slug-scans': () => {
        answers++;
        const interrupted = {
          ...running,
          status: 'interrupted',
          finishedAt: new Date().toISOString(),
          refunded: 1,
        };
        return json(200, { scans: [answers === 1 ? running : interrupted] });
      },
    });
    renderWithProviders(<SlugCheckerTab />);
    expect(await screen.findByText('Em andamento')).toBeTruthy();
    expect(screen.getByText(/240 de 1\.377\s+testados/)).toBeTruthy();
    expect(
      await screen.findByText(/^Interrompida — R\$\s1,00 devolvido ao seu saldo$/, {}, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(stub.unexpected).toEqual([]);
  }, 10_000);
});

describe('the funnel of a scan', () => {
  it('groups the pages by step above the list, and reads the scan again until its pictures are taken', async () => {
    const entry = {
      step: 'Obrigado' as const,
      url: 'https://antiga.com.br/obrigado',
      finalUrl: 'https://antiga.com.br/obrigado',
      status: 200,
      title: 'Obrigado pela compra',
      tools: [{ kind: 'tracking' as const, name: 'Meta Pixel' }],
    };
    const detail = {
      ...makeScanDetail([makeResult('obrigado', 200)]),
      funnel: [entry],
      funnelScreenshotsPending: true,
    };
    const pictured = {
      ...detail,
      funnel: [{ ...entry, screenshotUrl: '/uploads/funnels/a.webp' }],
      funnelScreenshotsPending: false,
    };
    let reads = 0;
    const stub = stubApi(
      {
        [`GET /api/slug-scans/${detail.id}`]: () => {
          reads += 1;
          return json(200, reads === 1 ? detail : pictured);
        },
      },
      { scans: [summaryOf(detail)] },
    );
    renderWithProviders(<SlugCheckerTab />);
    fireEvent.click(await screen.findByRole('button', { name: /^Abrir verificação de antiga\.com\.br/ }));
    expect(await screen.findByRole('heading', { name: 'Funil encontrado' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Obrigado' })).toBeTruthy();
    expect(screen.getAllByText('Capturando as imagens das páginas…').length).toBeGreaterThan(0);
    // The flat list stays below it.
    expect(screen.getByRole('heading', { name: 'Resultados: antiga.com.br' })).toBeTruthy();
    const picture = await screen.findByRole('img', { name: /Obrigado pela compra/ }, { timeout: 6_000 });
    expect(picture.getAttribute('src')).toContain('/uploads/funnels/a');
    expect(screen.queryByText('Capturando as imagens das páginas…')).toBeNull();
    expect(stub.unexpected).toEqual([]);
  }, 15_000);

  it('puts an invalid base slug on its own field, and a corrected form clears the message', async () => {
    const stub = stubApi();
    renderWithProviders(<SlugCheckerTab />);
    await screen.findByText('R$ 3,00');

    startScan('loja.com.br', '../segredo');
    expect((await screen.findByRole('alert')).textContent).toBe(BASE_SLUG_INVALID);
    expect(screen.getByLabelText('Slug base (opcional)').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Domínio').getAttribute('aria-invalid')).toBeNull();

    fireEvent.change(screen.getByLabelText('Slug base (opcional)'), { target: { value: 'produto' } });
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(calls(stub, 'POST /api/check-slugs')).toBe(0);
    expect(stub.unexpected).toEqual([]);
  });
});
