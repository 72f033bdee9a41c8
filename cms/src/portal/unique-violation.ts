/**
 * A second insert of a key that must be unique. The database's unique index says so (23505,
 * SQLITE_CONSTRAINT); but when the first insert is already visible, Strapi's own `unique` check
 * refuses first, with a ValidationError (PostgreSQL under concurrent requests) — the same case.
 */
export function isUniqueViolation(error: unknown): boolean {
  const text = `${(error as { code?: string })?.code ?? ''} ${(error as Error)?.message ?? ''}`;
  if (/SQLITE_CONSTRAINT|23505|UNIQUE constraint|duplicate key/i.test(text)) return true;
  const validation = error as { name?: string; message?: string; details?: { errors?: Array<{ message?: string }> } } | null;
  if (validation?.name !== 'ValidationError') return false;
  const messages = [validation.message, ...(validation.details?.errors ?? []).map((e) => e.message)];
  return messages.some((message) => /must be unique/i.test(message ?? ''));
}
