import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A shared Zod schema loaded on demand, so Zod (~27 KB gzip) stays out of a screen's first load. Loading
 * starts as soon as the browser is idle, so it is ready long before the first submit; the schema is the
 * same one the server route uses.
 */
export function lazySchema<T>(load: () => Promise<z.ZodType<T>>): () => Promise<z.ZodType<T>> {
  let ready: Promise<z.ZodType<T>> | undefined;
  const get = () => {
    ready ??= load();
    return ready;
  };
  if (typeof window !== 'undefined') {
    const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 200));
    idle(() => void get().catch(() => {}));
  }
  return get;
}

/**
 * A react-hook-form resolver over a lazily loaded schema (see lazySchema). `T` is the form's values, `TOut`
 * what the submit handler receives (the schema's output, when it transforms: e.g. text to a number).
 */
export function lazyZodResolver<T extends FieldValues, TOut = T>(
  load: () => Promise<z.ZodType<TOut>>,
): Resolver<T, unknown, TOut> {
  let ready: Promise<Resolver<T, unknown, TOut>> | undefined;
  const schema = lazySchema(load);
  const get = () => {
    ready ??= Promise.all([schema(), import('@hookform/resolvers/zod')]).then(
      ([s, { zodResolver }]) => zodResolver(s as never) as unknown as Resolver<T, unknown, TOut>,
    );
    return ready;
  };
  return async (values, context, options) => (await get())(values, context, options);
}
