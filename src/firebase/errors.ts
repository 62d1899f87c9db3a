/**
 * The database's error code for a read or write the rules refused (the SDK's and the wire protocol's). A module of
 * its own, so that code deciding what to do with a failure does not load the database client with it.
 */
export function isPermissionDenied(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'PERMISSION_DENIED';
}
