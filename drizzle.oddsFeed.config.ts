import { defineConfig } from 'drizzle-kit';

/** The house odds feed's own schema and migrations (applied at start with their own journal table). */
export default defineConfig({
  dialect: 'postgresql',
  schema: './oddsFeed/db/schema.ts',
  out: './oddsFeed/db/migrations',
  migrations: { table: '__feed_migrations', schema: 'drizzle' },
});
