/**
 * An error as the process log may show it: the stack, but never a failed query's parameters (Drizzle puts them in its
 * message: a password hash, an e-mail, a token). A query error names its SQL and the database's own reason.
 */
export function describeError(error: unknown): string {
  if (error && typeof error === 'object' && 'query' in error && 'params' in error) {
    const cause = (error as { cause?: unknown }).cause;
    const reason = cause instanceof Error ? cause.message : 'erro desconhecido';
    const query = String((error as { query: unknown }).query)
      .replace(/\s+/g, ' ')
      .slice(0, 300);
    return `consulta ao banco de dados falhou (${reason}): ${query}`;
  }
  if (error instanceof Error) return error.stack ?? error.message;
  return String(error);
}
