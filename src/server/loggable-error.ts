// DrizzleQueryError names every bound value in its message (addresses, names, token hashes); logs
// are read more widely than the database, so the SQL text and the SQLSTATE must do.
type QueryError = Error & { query: string; params: unknown[] };

function isQueryError(error: unknown): error is QueryError {
  return (
    error instanceof Error && typeof (error as QueryError).query === 'string' && 'params' in error
  );
}

export function loggableError(error: unknown): string {
  const lines: string[] = [];
  for (let current = error, depth = 0; current !== undefined && depth < 6; depth++) {
    if (isQueryError(current)) {
      lines.push(`Failed query: ${current.query} (${current.params.length} bound values withheld)`);
    } else if (current instanceof Error) {
      const code = (current as { code?: unknown }).code;
      const head = `${current.name}: ${current.message}${typeof code === 'string' ? ` [${code}]` : ''}`;
      const frames =
        current.stack?.split('\n').filter((l) => l.trimStart().startsWith('at ')) ?? [];
      lines.push([head, ...frames.slice(0, 8)].join('\n'));
    } else {
      lines.push(String(current));
    }
    current = current instanceof Error ? current.cause : undefined;
  }
  return lines.join('\ncaused by ');
}
