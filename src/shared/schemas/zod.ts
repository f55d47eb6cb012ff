import { z } from 'zod';

// Every default Zod message in pt-BR; schemas still give the spec's own wording where it has one.
z.config(z.locales.ptBR());

export { z };
