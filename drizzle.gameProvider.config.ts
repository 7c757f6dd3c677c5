import { defineConfig } from 'drizzle-kit';

/** The house vendor's own schema and migrations (applied at start with their own journal table). */
export default defineConfig({
  dialect: 'postgresql',
  schema: './gameProvider/db/schema.ts',
  out: './gameProvider/db/migrations',
  migrations: { table: '__vendor_migrations', schema: 'drizzle' },
});
