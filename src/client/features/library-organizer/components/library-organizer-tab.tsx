import { ExternalLink, Plus, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button, buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Notice } from '../../../components/ui/notice';
import { Table, TBody, Td, THead, Th, Tr } from '../../../components/ui/table';
import { toast } from '../../../lib/toast';
import {
  blankRow,
  DAY_FIELDS,
  LIBRARY_MAX_ROWS,
  type LibraryField,
  type LibraryRow,
  libraryHref,
  loadRows,
  maxLengthOf,
  ROWS_LIMIT_MESSAGE,
  saveRows,
  validateLibraryLink,
} from '../library-rows';

const DAY_LABEL: Record<(typeof DAY_FIELDS)[number], string> = {
  day1: 'Dia 1',
  day2: 'Dia 2',
  day3: 'Dia 3',
  day4: 'Dia 4',
};

/**
 * Dashboard tab 'organizador-bibliotecas': an editable table of ad-library
 * links with four days of free notes (e.g. the number of active ads each day). The rows live in this
 * browser's local storage, survive a reload and are never sent to the server.
 */
export default function LibraryOrganizerTab() {
  const [initial] = useState(loadRows);
  const [rows, setRows] = useState<LibraryRow[]>(initial ?? []);
  const [storageBlocked, setStorageBlocked] = useState(initial === null);
  const [touched, setTouched] = useState<Set<string>>(() => new Set());
  const focusId = useRef<string | null>(null);

  useEffect(() => {
    if (!saveRows(rows)) setStorageBlocked(true);
  }, [rows]);

  useEffect(() => {
    if (!focusId.current) return;
    document.getElementById(`biblioteca-${focusId.current}-link`)?.focus();
    focusId.current = null;
  });

  const add = () => {
    if (rows.length >= LIBRARY_MAX_ROWS) {
      toast.error('Limite atingido', { description: ROWS_LIMIT_MESSAGE });
      return;
    }
    const row = blankRow();
    focusId.current = row.id;
    setRows((current) => [...current, row]);
  };

  const update = (id: string, field: LibraryField, value: string) =>
    setRows((current) =>
      current.map((row) => (row.id === id ? { ...row, [field]: value.slice(0, maxLengthOf(field)) } : row)),
    );

  const remove = (id: string) => {
    setRows((current) => current.filter((row) => row.id !== id));
    toast.success('Linha removida');
  };

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <Card className="space-y-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="space-y-1">
            <h2 className="text-base font-semibold">Suas bibliotecas</h2>
            <p className="text-sm text-muted">
              Cole o link da biblioteca de anúncios e anote, dia a dia, o que você observou (anúncios ativos,
              criativos novos...). As linhas ficam salvas só neste navegador e nunca são enviadas ao servidor.
            </p>
          </div>
          <Button onClick={add} className="shrink-0">
            <Plus className="h-4 w-4" aria-hidden />
            Adicionar Linha
          </Button>
        </div>

        {storageBlocked ? (
          <Notice variant="yellow" title="As linhas não estão sendo salvas">
            <p>
              Este navegador bloqueou o armazenamento local (ou ele está cheio): as alterações somem ao
              recarregar a página.
            </p>
          </Notice>
        ) : null}

        {rows.length === 0 ? (
          <p className="rounded-lg border border-dashed border-border px-4 py-10 text-center text-sm text-muted">
            Nenhuma biblioteca ainda. Clique em 'Adicionar Linha' para começar.
          </p>
        ) : (
          <Table aria-label="Bibliotecas acompanhadas">
            <THead>
              <Tr>
                <Th scope="col" className="min-w-72">
                  Link da biblioteca
                </Th>
                {DAY_FIELDS.map((day) => (
                  <Th key={day} scope="col" className="min-w-36">
                    {DAY_LABEL[day]}
                  </Th>
                ))}
                <Th scope="col">
                  <span className="sr-only">Ações</span>
                </Th>
              </Tr>
            </THead>
            <TBody>
              {rows.map((row, index) => {
                const n = index + 1;
                const error = touched.has(row.id) ? validateLibraryLink(row.link) : null;
                const href = libraryHref(row.link);
                const errorId = `biblioteca-${row.id}-erro`;
                return (
                  <Tr key={row.id}>
                    <Td className="align-top">
                      <Input
                        id={`biblioteca-${row.id}-link`}
                        type="url"
                        inputMode="url"
                        autoComplete="off"
                        spellCheck={false}
                        placeholder="https://www.facebook.com/ads/library/..."
                        aria-label={`Link da biblioteca, linha ${n}`}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? errorId : undefined}
                        maxLength={maxLengthOf('link')}
                        value={row.link}
                        onChange={(e) => update(row.id, 'link', e.target.value)}
                        onBlur={() => setTouched((t) => new Set(t).add(row.id))}
                      />
                      {error ? (
                        <p id={errorId} role="alert" className="mt-1 text-xs text-red-400">
                          {error}
                        </p>
                      ) : null}
                    </Td>
                    {DAY_FIELDS.map((day) => (
                      <Td key={day} className="align-top">
                        <Input
                          aria-label={`${DAY_LABEL[day]}, linha ${n}`}
                          autoComplete="off"
                          maxLength={maxLengthOf(day)}
                          value={row[day]}
                          onChange={(e) => update(row.id, day, e.target.value)}
                        />
                      </Td>
                    ))}
                    <Td className="align-top">
                      <div className="flex items-center gap-1">
                        {href ? (
                          <a
                            href={href}
                            target="_blank"
                            rel="noopener noreferrer"
                            aria-label={`Abrir a biblioteca da linha ${n} em nova aba`}
                            title="Abrir em nova aba"
                            className={buttonClass({ variant: 'ghost', size: 'icon' })}
                          >
                            <ExternalLink className="h-4 w-4" aria-hidden />
                          </a>
                        ) : null}
                        <Button
                          variant="ghost"
                          size="icon"
                          aria-label={`Remover a linha ${n}`}
                          title="Remover linha"
                          onClick={() => remove(row.id)}
                        >
                          <Trash2 className="h-4 w-4" aria-hidden />
                        </Button>
                      </div>
                    </Td>
                  </Tr>
                );
              })}
            </TBody>
          </Table>
        )}
        {rows.length > 0 ? (
          <p className="text-xs text-muted">
            {rows.length} de {LIBRARY_MAX_ROWS} linhas · salvas automaticamente neste navegador
          </p>
        ) : null}
      </Card>
    </div>
  );
}
