import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A react-hook-form resolver that validates with a shared Zod schema loaded on demand, so Zod (~38 KB gzip)
 * stays out of a screen's first load (the /login budget). Loading starts as soon as the browser is idle,
 * so it is ready long before the first submit; the schema is the same one the server route uses.
 */
export function lazyZodResolver<T extends FieldValues>(load: () => Promise<z.ZodType<T>>): Resolver<T> {
  let ready: Promise<Resolver<T>> | undefined;
  const get = () => {
    ready ??= Promise.all([load(), import('@hookform/resolvers/zod')]).then(
      ([schema, { zodResolver }]) => zodResolver(schema as never) as unknown as Resolver<T>,
    );
    return ready;
  };
  if (typeof window !== 'undefined') {
    const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 200));
    idle(() => void get().catch(() => {}));
  }
  return async (values, context, options) => (await get())(values, context, options);
}
