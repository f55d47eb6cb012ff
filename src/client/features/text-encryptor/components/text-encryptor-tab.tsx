import { Copy, Lock, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { formatCount } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { ENCRYPT_DELAY_MS, ENCRYPT_MAX_LENGTH, encryptText, validateEncryptInput } from '../encrypt-text';

const characters = (n: number) => `${formatCount(n)} ${n === 1 ? 'caractere' : 'caracteres'}`;

/**
 * Dashboard tab 'criptografar-texto': the text with its counter, 'Criptografar'
 * (1 s, then the result), 'Copiar' and 'Limpar Tudo'. Everything happens in the browser: no server call.
 */
export default function TextEncryptorTab() {
  const id = useId();
  const [text, setText] = useState('');
  const [result, setResult] = useState('');
  const [error, setError] = useState<string>();
  const [working, setWorking] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const encrypt = () => {
    const problem = validateEncryptInput(text);
    if (problem) {
      setError(problem);
      toast.error(problem);
      return;
    }
    setError(undefined);
    setWorking(true);
    const input = text;
    timer.current = setTimeout(() => {
      setResult(encryptText(input));
      setWorking(false);
      toast.success('Texto criptografado com sucesso!');
    }, ENCRYPT_DELAY_MS);
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(result);
      toast.success('Copiado!');
    } catch {
      toast.error('Erro ao copiar', { description: 'Não foi possível copiar para a área de transferência.' });
    }
  };

  const clear = () => {
    clearTimeout(timer.current);
    setText('');
    setResult('');
    setError(undefined);
    setWorking(false);
  };

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <Card className="space-y-4">
        <div className="space-y-1">
          <h2 className="text-base font-semibold">Texto do anúncio</h2>
          <p className="text-sm text-muted">
            Cada letra e número vira um caractere Unicode parecido (de outros alfabetos) e recebe um espaço
            invisível logo depois. O texto continua legível para qualquer pessoa: não é uma criptografia de
            verdade e não pode ser desfeito com senha. Tudo acontece no seu navegador; nada é enviado.
          </p>
        </div>
        <Field label="Seu texto" htmlFor={`${id}-text`} error={error}>
          <Textarea
            id={`${id}-text`}
            name="text"
            rows={6}
            maxLength={ENCRYPT_MAX_LENGTH}
            placeholder="Digite ou cole aqui o texto que você quer criptografar"
            value={text}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-count`}
            onChange={(e) => {
              setText(e.target.value);
              if (error) setError(undefined);
            }}
          />
          <p id={`${id}-count`} className="text-right text-xs text-muted tabular-nums">
            {characters(text.length)} de {formatCount(ENCRYPT_MAX_LENGTH)}
          </p>
        </Field>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={clear} disabled={!text && !result && !error && !working}>
            <Trash2 className="h-4 w-4" aria-hidden />
            Limpar Tudo
          </Button>
          <Button onClick={encrypt} disabled={working} className="sm:min-w-40">
            {working ? <Spinner className="h-4 w-4" /> : <Lock className="h-4 w-4" aria-hidden />}
            {working ? 'Criptografando...' : 'Criptografar'}
          </Button>
        </div>
      </Card>

      <Card className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-base font-semibold">
            <label htmlFor={`${id}-result`}>Texto criptografado</label>
          </h2>
          <Button variant="outline" size="sm" onClick={() => void copy()} disabled={!result}>
            <Copy className="h-4 w-4" aria-hidden />
            Copiar
          </Button>
        </div>
        <Textarea
          id={`${id}-result`}
          readOnly
          rows={6}
          placeholder="O resultado aparece aqui depois de clicar em 'Criptografar'."
          value={result}
          aria-describedby={`${id}-result-count`}
        />
        <p id={`${id}-result-count`} className="text-xs text-muted" aria-live="polite">
          {result
            ? `${characters(result.length)} no resultado, contando os espaços invisíveis. Cole o texto onde quiser: ele aparece igual ao original.`
            : 'Nenhum texto criptografado ainda.'}
        </p>
      </Card>
    </div>
  );
}
