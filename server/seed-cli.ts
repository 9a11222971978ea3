// `npm run seed -- [--scale]`: creates and seeds DATA_DIR (./data) without starting the service; --scale adds
// the benchmark data (100,000 documents in one folder, 1,000,000 request-log rows).
import { join, resolve } from 'node:path';
import { isSeeded, openDatabase, writeAdminKeyFile } from './db/db';
import { seed, seedScale } from './db/seed';

const dataDir = resolve(process.env.DATA_DIR ?? 'data');
const db = openDatabase(join(dataDir, 'pm.sqlite'));
const started = Date.now();
let keyFile: string | undefined;
if (!isSeeded(db)) {
  seed(db);
  const admin = db.prepare(`SELECT api_key FROM users WHERE user_name = 'admin'`).get() as
    { api_key: string } | undefined;
  if (admin) keyFile = writeAdminKeyFile(dataDir, admin.api_key);
}
if (process.argv.includes('--scale')) seedScale(db);
db.close();
console.log(`Seeded ${dataDir} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
if (keyFile) console.log(`Admin API key: see ${keyFile}`);
