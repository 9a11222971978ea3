// `npm run seed -- [--scale]`: creates and seeds DATA_DIR (./data) without starting the service; --scale adds
// the benchmark data (100,000 documents in one folder, 1,000,000 request-log rows). SEED_TODAY (YYYY-MM-DD) pins
// the seed's "today" as for the service (server/settings.ts); a seeded folder keeps the day it was seeded for.
import { join, resolve } from 'node:path';
import { isSeeded, openDatabase, writeAdminKeyFile } from './db/db';
import { seed, seedScale, seedTodayOf } from './db/seed';
import { parseSettings } from './settings';

const checked = parseSettings({ SEED_TODAY: process.env.SEED_TODAY });
if (!checked.ok) {
  for (const line of checked.errors) process.stderr.write(`${line}\n`);
  process.exit(2);
}
const dataDir = resolve(process.env.DATA_DIR ?? 'data');
const db = openDatabase(join(dataDir, 'pm.sqlite'));
const started = Date.now();
let keyFile: string | undefined;
if (!isSeeded(db)) {
  seed(db, { today: checked.settings.seedToday });
  const admin = db.prepare(`SELECT api_key FROM users WHERE user_name = 'admin'`).get() as
    { api_key: string } | undefined;
  if (admin) keyFile = writeAdminKeyFile(dataDir, admin.api_key);
}
if (process.argv.includes('--scale')) seedScale(db);
const day = seedTodayOf(db);
db.close();
console.log(
  `Seeded ${dataDir} in ${((Date.now() - started) / 1000).toFixed(1)} s (the seed's "today": ${day})`,
);
if (keyFile) console.log(`Admin API key: see ${keyFile}`);
