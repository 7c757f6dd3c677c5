/**
 * `npm run console:owner -- <operatorId> "<name>"`: creates the console's first owner (production has no
 * default account). Prints the password once; refuses while an active owner exists (that owner creates
 * the others in the console).
 */
import { systemClock } from '../server/clock';
import { loadConfig } from '../server/config';
import { createFirstOwner } from '../server/console/operators';
import { openDatabase } from '../server/db/client';
import { operatorCreateBody } from '../contract/console';

const [operatorId, name] = process.argv.slice(2);
const input = operatorCreateBody.safeParse({ operatorId, name, role: 'owner' });
if (!input.success) {
  console.error('usage: npm run console:owner -- <operatorId: 3-32 lower-case letters, digits, _ . -> "<name>"');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir });
try {
  const password = await createFirstOwner(database.db, systemClock, input.data);
  if (password === null) {
    console.error('An active owner exists: sign in to the console (/admin) as that owner to create operators.');
    process.exitCode = 1;
  } else {
    console.log(`Owner ${input.data.operatorId} created. Password (shown once): ${password}`);
    console.log('Sign in at /admin, enrol the second factor and change the password.');
  }
} finally {
  await database.close();
}
