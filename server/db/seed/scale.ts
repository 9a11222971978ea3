// The scale data (`npm run seed -- --scale`, the benchmarks): 100,000 documents in one folder and the request log.
import type { Database } from 'better-sqlite3';
import { folderTypes } from '../../../src/contract/codes';
import { DAY, pad, SCALE_DOCUMENTS, SCALE_FOLDER_NAME, SCALE_LOG_ROWS } from './base';
import { disciplines, documentTypes } from './catalog';
import { findScaleFolder, seedFacts, seedTodayMs } from './facts';
import { trades } from './people';
import { random } from './random';
import { seedRequestLog } from './requestlog';

/**
 * Adds the scale data: 100,000 documents in 'Scale: 100k documents' under project 1's documents and
 * 1,000,000 request-log rows spread over the 30 days before now (the log is about real time, unlike the
 * rest of the seed); the documents' dates are relative to the seed's "today" stored in the database. One transaction per 50,000 rows; does nothing when the scale folder exists. The counts
 * can be lowered (tests).
 */
export function seedScale(
  db: Database,
  counts = { documents: SCALE_DOCUMENTS, logRows: SCALE_LOG_ROWS },
): void {
  if (findScaleFolder(db) !== undefined) return; // already there
  const rng = random(100_000);
  const facts = seedFacts(db);
  const today = seedTodayMs(db);
  const at = today;
  const folderId = Number(
    db
      .prepare(
        `INSERT INTO folders (parent_id, project_id, folder_type, name, description, sorting, created_by, created_ms, updated_by, updated_ms)
         VALUES (?, 1, ?, ?, 'Load-test folder: 100,000 generated documents', 50, ?, ?, ?, ?)`,
      )
      .run(
        facts.containers[0].documents,
        folderTypes.folder.code,
        SCALE_FOLDER_NAME,
        facts.users.admin,
        at,
        facts.users.admin,
        at,
      ).lastInsertRowid,
  );
  const doc = db.prepare(
    `INSERT INTO documents (folder_id, number, discipline, csi, type, status, issue, issue_ms, estimated_file_size,
       uploaded_file_name, uploaded_file_size, all_files_size, file_type, created_by, created_ms, updated_by, updated_ms)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'pdf', 1, ?, 1, ?)`,
  );
  const chunk = 50_000;
  for (let start = 0; start < counts.documents; start += chunk) {
    db.transaction(() => {
      for (let i = start; i < Math.min(start + chunk, counts.documents); i++) {
        const number = `SCL-${pad(i + 1, 6)}`;
        const size = rng.int(20_000, 9_000_000);
        const trade = trades[i % trades.length];
        const issued = today - rng.int(1, 700) * DAY;
        doc.run(
          folderId,
          number,
          1 + (i % disciplines.length),
          trade.csi,
          1 + (i % documentTypes.length),
          1 + (i % 5),
          `Rev ${i % 4}`,
          issued,
          size,
          `${number} ${trade.name}.pdf`,
          size,
          size,
          issued,
          issued + (i % 30) * DAY,
        );
      }
    })();
  }
  seedRequestLog(db, rng, counts.logRows, today);
}
