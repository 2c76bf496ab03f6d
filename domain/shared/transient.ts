/**
 * Whether a database error means only that the transaction lost a race and was rolled back whole:
 * PostgreSQL's deadlock (40P01) or serialization failure (40001). Running the same transaction again
 * is then safe, and is what PostgreSQL's documentation asks of the application.
 */
export function isTransientConflict(e: unknown): boolean {
  const code = (e as { code?: unknown })?.code;
  return code === "40P01" || code === "40001";
}
