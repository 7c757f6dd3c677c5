/**
 * `npm run audit:verify`: walks the audit chain (server/console/auditTrail.ts) and prints its length and
 * head hash (keep it elsewhere: a later walk proves nothing before it changed), or the first row that
 * breaks it; exits 1 when broken.
 */
import { loadConfig } from '../server/config';
import { verifyAuditChain } from '../server/console/auditTrail';
import { openDatabase } from '../server/db/client';

const config = loadConfig();
const database = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir });
try {
  const result = await verifyAuditChain(database.db);
  if (result.broken) {
    console.error(`Audit chain BROKEN at seq ${result.broken.seq} (${result.broken.problem}); ${result.rows} rows verified before it.`);
    process.exitCode = 1;
  } else {
    console.log(`Audit chain intact: ${result.rows} rows, head hash ${result.headHash}`);
  }
} finally {
  await database.close();
}
