/**
 * The one schema for PGlite and PostgreSQL, as the server and drizzle-kit read it. Migrations are generated
 * from it with `npm run db:generate` (drizzle-kit) into server/db/migrations and applied at start by both
 * drivers. This file only gathers: the core tables are coreSchema.ts, each area's tables are its own file,
 * and those import the core tables from coreSchema.ts, never from here (no cycle).
 */
export * from './coreSchema';
export * from './walletSchema';
export * from './betSchema';
export * from './supportSchema';
export * from './miniSchema';
export * from './gamesSchema';
export * from './communitySchema';
export * from './sportsSchema';
export * from './partnerSchema';
export * from './protectionSchema';
export * from './consoleSchema';
