const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a path or body value can be a row id: anything else is answered "not found" without a query. */
export function isUuid(value: string): boolean {
  return uuidPattern.test(value);
}
