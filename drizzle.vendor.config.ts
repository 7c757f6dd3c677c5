import { defineConfig } from 'drizzle-kit';

/** The house vendor's own schema and migrations (applied at start with their own journal table). */
export default defineConfig({
  dialect: 'postgresql',
  schema: './vendor/db/schema.ts',
  out: './vendor/db/migrations',
  migrations: { table: '__vendor_migrations', schema: 'drizzle' },
});
