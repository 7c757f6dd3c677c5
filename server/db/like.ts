/** A LIKE / ILIKE pattern matching `term` literally anywhere (its % _ \ escaped, PostgreSQL's default escape). */
export function containing(term: string): string {
  return `%${term.replace(/[\\%_]/g, '\\$&')}%`;
}
