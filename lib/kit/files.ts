// Files named on a tool's command line: why one cannot be read, said as what to do about it.

/** `cannot read <what>: <why and the fix>`, from the error readFileSync threw. */
export function whyUnreadable(what: string, error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return `cannot read ${what}: no such file; check the path`;
  if (code === 'EISDIR') return `cannot read ${what}: it is a folder; give a file`;
  if (code === 'ENOTDIR') return `cannot read ${what}: a part of the path is a file, not a folder; check the path`;
  if (code === 'EACCES' || code === 'EPERM') return `cannot read ${what}: permission denied; make it readable`;
  return `cannot read ${what}: ${(error as Error).message}`;
}
