// `npm run seed -- [--scale]`: creates and seeds DATA_DIR (./data) without starting the service; --scale adds
// the benchmark data (100,000 documents in one folder, 1,000,000 request-log rows).
import { join, resolve } from 'node:path';
import { isSeeded, openDatabase } from './db/db';
import { seed, seedScale } from './db/seed';

const dataDir = resolve(process.env.DATA_DIR ?? 'data');
const db = openDatabase(join(dataDir, 'pm.sqlite'));
const started = Date.now();
if (!isSeeded(db)) seed(db);
if (process.argv.includes('--scale')) seedScale(db);
db.close();
console.log(`Seeded ${dataDir} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
