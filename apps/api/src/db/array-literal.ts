/**
 * An array parameter as PostgreSQL's literal, read the same by both drivers and cast in SQL
 * (`${arrayLiteral(ids)}::uuid[]`). For uuids, integers and hexadecimal hashes only: none needs
 * quoting inside a literal, and the cast refuses anything else. `null` writes NULL.
 */
export function arrayLiteral(values: readonly (string | number | null)[]): string {
  return `{${values.map((value) => value ?? 'NULL').join(',')}}`;
}
