/**
 * A Postgres array literal as one query parameter ('{1,NULL,"a\"b"}'), the same on node-postgres and
 * PGlite: cast it in the statement (`${sqlArray(ids)}::bigint[]`) to send a list in one parameter.
 */
export function sqlArray(values: readonly (string | number | null)[]): string {
  return `{${values.map((v) => (v === null ? 'NULL' : `"${String(v).replace(/["\\]/g, '\\$&')}"`)).join(',')}}`;
}
