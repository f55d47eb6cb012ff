import { Lightbulb } from 'lucide-react';

export function TipFace() {
  return (
    <>
      <Lightbulb aria-hidden className="h-4 w-4 text-yellow-300" />
      <span className="hidden sm:inline">Dica</span>
    </>
  );
}
