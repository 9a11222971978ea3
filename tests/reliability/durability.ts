// Issue 11, suite 5 — durability. A burst of writes (RFI, folder and submittal updates; punch-list bulk creates of
// 25 rows; external-drive document creates) from 11 concurrent writers against the service as a child process,
// killed with SIGKILL at a seeded random moment mid-burst; then the service is started again on the same data
// directory and: every write the client saw acknowledged (HTTP 200) is there (updates: the value acknowledged
// last, or the one in flight after it; creates: every acknowledged row with the id the reply gave), every bulk
// create is all-or-nothing, no TempItemId twice, and `PRAGMA integrity_check` says ok. Several rounds.
// Bounded: ROUNDS rounds, each burst at most BURST_MAX_MS; only 127.0.0.1.
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { operations } from '../../src/contract/operations';
import { seedIds } from '../../server/db/seed';
import { postJson, random, startServiceProcess, type ServiceProcess } from './service-process';

const ROUNDS = 3;
const KILL_AFTER_MS = [1_500, 4_000];
const BURST_MAX_MS = 20_000;
const ROWS_PER_BULK = 25;

type UpdateKind = 'rfi' | 'folder' | 'submittal';
interface UpdateWriter {
  kind: UpdateKind;
  id: number;
  seq: number;
  acked: number;
}
interface CreateAck {
  tag: string;
  ids: Map<string, number>;
}

export interface DurabilityFigures {
  rounds: {
    killAtMs: number;
    requestsAcked: number;
    updatesAcked: number;
    bulkCreatesAcked: number;
    rowsAcked: number;
    documentsAcked: number;
    inFlightAtKill: number;
    inFlightCommitted: number;
    lost: number;
    integrity: string;
  }[];
  lost: number;
  problems: string[];
}

export async function durability(port: number, seed = 20261122): Promise<DurabilityFigures> {
  const rng = random(seed);
  const dataDir = mkdtempSync(join(tmpdir(), 'relsvc-durability-'));
  const figures: DurabilityFigures = { rounds: [], lost: 0, problems: [] };
  let service: ServiceProcess | undefined;
  try {
    service = await startServiceProcess(dataDir, port);
    const signIn = await postJson(service.url + operations.InternalUserAuthenticationRequest.path, {
      userName: 'pm',
      password: 'pm',
    });
    if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status}`);
    const key = signIn.json!.authSessionKey as string;

    // Targets pm may modify, read from the seeded database.
    const file = join(dataDir, 'pm.sqlite');
    const probe = new Database(file, { readonly: true });
    const pmId = seedIds.users.pm;
    const free = `id NOT IN (SELECT folder_id FROM folder_permissions WHERE user_id = ${pmId} AND can_modify = 0)`;
    const rfis = (
      probe
        .prepare(
          `SELECT folder_id AS id FROM open_issues WHERE project_id = 1 AND folder_id IN (SELECT id FROM folders WHERE ${free}) ORDER BY id LIMIT 3`,
        )
        .all() as { id: number }[]
    ).map((r) => r.id);
    const folders = (
      probe
        .prepare(`SELECT id FROM folders WHERE parent_id = ? AND ${free} ORDER BY id LIMIT 2`)
        .all(seedIds.containers[0].documents) as { id: number }[]
    ).map((r) => r.id);
    const packages = (
      probe.prepare('SELECT folder_id AS id FROM submittal_packages ORDER BY id LIMIT 2').all() as {
        id: number;
      }[]
    ).map((r) => r.id);
    probe.close();
    const writers: UpdateWriter[] = [
      ...rfis.map((id) => ({ kind: 'rfi' as const, id, seq: 0, acked: 0 })),
      ...folders.map((id) => ({ kind: 'folder' as const, id, seq: 0, acked: 0 })),
      ...packages.map((id) => ({ kind: 'submittal' as const, id, seq: 0, acked: 0 })),
    ];
    const punchFolders = seedIds.containers.map((c) => c.punchList);
    const documentFolder = seedIds.containers[0].documents;
    const bulkAcked: CreateAck[] = [];
    const bulkSent: string[] = [];
    const docsAcked = new Map<number, string>();
    let bulkSeq = 0;

    const valueOf = (w: UpdateWriter, seq: number) => `durability ${w.kind} ${w.id} #${seq}`;
    const seqOf = (w: UpdateWriter, value: string | null) => {
      const m = new RegExp(`^durability ${w.kind} ${w.id} #(\\d+)$`).exec(value ?? '');
      return m ? Number(m[1]) : 0;
    };

    for (let round = 1; round <= ROUNDS; round++) {
      const url = service!.url;
      let stop = false;
      let inFlight = 0;
      let requestsAcked = 0;
      let updatesAcked = 0;
      let bulkCreatesAcked = 0;
      let rowsAcked = 0;
      let documentsAcked = 0;
      const started = Date.now();

      const updateLoop = async (w: UpdateWriter) => {
        while (!stop && Date.now() - started < BURST_MAX_MS) {
          const seq = ++w.seq;
          const value = valueOf(w, seq);
          const [op, body] =
            w.kind === 'rfi'
              ? (['OpenIssueUpdateRequest', { openIssue: { folderId: w.id, subject: value } }] as const)
              : w.kind === 'folder'
                ? (['FolderUpdateRequest', { folder: { folderId: w.id, folderDescription: value } }] as const)
                : (['SubmittalUpdateRequest', { submittal: { folderId: w.id, notes: value } }] as const);
          inFlight++;
          const res = await postJson(url + operations[op].path, { authSessionKey: key, ...body });
          inFlight--;
          if (res.status !== 200) {
            if (res.status !== 0) figures.problems.push(`round ${round}: ${op} answered ${res.status}`);
            return;
          }
          w.acked = seq;
          updatesAcked++;
          requestsAcked++;
        }
      };
      const bulkLoop = async (k: number) => {
        while (!stop && Date.now() - started < BURST_MAX_MS) {
          const tag = `dur-${++bulkSeq}`;
          const rows = Array.from({ length: ROWS_PER_BULK }, (_, i) => ({
            folderId: punchFolders[k % punchFolders.length],
            tempItemId: `${tag}-${i}`,
            summary: `Durability ${tag} row ${i}`,
          }));
          bulkSent.push(tag);
          inFlight++;
          const res = await postJson(url + operations.PunchListCreateManyRequest.path, {
            authSessionKey: key,
            punchlistList: rows,
          });
          inFlight--;
          if (res.status !== 200) {
            if (res.status !== 0) figures.problems.push(`round ${round}: bulk create answered ${res.status}`);
            return;
          }
          const list = res.json!.returnedIdList as Record<string, string>[];
          bulkAcked.push({ tag, ids: new Map(list.map((r) => [r.TempItemId, Number(r.PunchListId)])) });
          bulkCreatesAcked++;
          rowsAcked += list.length;
          requestsAcked++;
        }
      };
      const documentLoop = async () => {
        let n = 0;
        while (!stop && Date.now() - started < BURST_MAX_MS) {
          const fileName = `durability-${round}-${++n}.pdf`;
          inFlight++;
          const res = await postJson(url + operations.ExtDriveDocumentCreateRequest.path, {
            authSessionKey: key,
            document: { folderParentId: documentFolder, fileName },
          });
          inFlight--;
          if (res.status !== 200) {
            if (res.status !== 0)
              figures.problems.push(`round ${round}: document create answered ${res.status}`);
            return;
          }
          docsAcked.set(res.json!.fileId as number, fileName);
          documentsAcked++;
          requestsAcked++;
        }
      };

      const killAtMs = Math.round(KILL_AFTER_MS[0] + rng() * (KILL_AFTER_MS[1] - KILL_AFTER_MS[0]));
      const loops = [...writers.map(updateLoop), ...[0, 1, 2].map(bulkLoop), documentLoop()];
      await new Promise((r) => setTimeout(r, killAtMs));
      const inFlightAtKill = inFlight;
      await service!.kill();
      stop = true;
      await Promise.all(loops);

      // The database as the kill left it (SQLite recovers the WAL on open), then the service again.
      const afterKill = new Database(file, { readonly: true });
      const integrityAfterKill = (afterKill.pragma('integrity_check') as { integrity_check: string }[])
        .map((r) => r.integrity_check)
        .join('; ');
      afterKill.close();
      service = await startServiceProcess(dataDir, port);

      const db = new Database(file, { readonly: true });
      let lost = 0;
      let inFlightCommitted = 0;
      const stored = {
        rfi: db.prepare('SELECT subject AS v FROM open_issues WHERE folder_id = ?'),
        folder: db.prepare('SELECT description AS v FROM folders WHERE id = ?'),
        submittal: db.prepare('SELECT notes AS v FROM submittal_packages WHERE folder_id = ?'),
      };
      for (const w of writers) {
        const have = seqOf(w, (stored[w.kind].get(w.id) as { v: string | null }).v);
        if (have < w.acked) {
          lost++;
          figures.problems.push(
            `round ${round}: ${w.kind} ${w.id} holds #${have}, #${w.acked} was acknowledged`,
          );
        } else if (have > w.seq)
          figures.problems.push(`round ${round}: ${w.kind} ${w.id} holds #${have}, never sent`);
        else if (have > w.acked) inFlightCommitted++;
        w.acked = Math.max(w.acked, have);
        w.seq = Math.max(w.seq, have);
      }
      const byTemp = db.prepare('SELECT id, temp_item_id AS t FROM punch_list WHERE temp_item_id LIKE ?');
      for (const a of bulkAcked) {
        const rows = new Map(
          (byTemp.all(`${a.tag}-%`) as { id: number; t: string }[]).map((r) => [r.t, r.id]),
        );
        for (const [temp, id] of a.ids) {
          if (rows.get(temp) !== id) {
            lost++;
            figures.problems.push(
              `round ${round}: punch-list row ${temp} (id ${id}) acknowledged, not stored`,
            );
          }
        }
      }
      const ackedTags = new Set(bulkAcked.map((a) => a.tag));
      for (const tag of bulkSent) {
        const n = (byTemp.all(`${tag}-%`) as unknown[]).length;
        if (n !== 0 && n !== ROWS_PER_BULK)
          figures.problems.push(`round ${round}: bulk ${tag} stored ${n} rows`);
        if (n === ROWS_PER_BULK && !ackedTags.has(tag)) inFlightCommitted++;
      }
      const dupes = db
        .prepare(
          'SELECT count(*) AS n FROM (SELECT folder_id, temp_item_id FROM punch_list WHERE temp_item_id IS NOT NULL GROUP BY 1, 2 HAVING count(*) > 1)',
        )
        .get() as { n: number };
      if (dupes.n) figures.problems.push(`round ${round}: ${dupes.n} TempItemIds stored twice`);
      const doc = db.prepare('SELECT * FROM documents WHERE id = ?');
      for (const [id, name] of docsAcked) {
        const row = doc.get(id) as Record<string, unknown> | undefined;
        if (!row || !JSON.stringify(row).includes(name)) {
          lost++;
          figures.problems.push(`round ${round}: document ${id} (${name}) acknowledged, not stored`);
        }
      }
      const integrity = (db.pragma('integrity_check') as { integrity_check: string }[])
        .map((r) => r.integrity_check)
        .join('; ');
      const fk = db.pragma('foreign_key_check') as unknown[];
      db.close();
      if (integrityAfterKill !== 'ok')
        figures.problems.push(`round ${round}: after the kill: ${integrityAfterKill}`);
      if (integrity !== 'ok') figures.problems.push(`round ${round}: after restart: ${integrity}`);
      if (fk.length) figures.problems.push(`round ${round}: ${fk.length} foreign-key violations`);
      // The restarted service answers with what was stored.
      const w = writers[0];
      const read = await postJson(service.url + operations.OpenIssueReadRequest.path, {
        authSessionKey: key,
        folderId: w.id,
      });
      const subject = (read.json?.openIssue as { subject?: string } | undefined)?.subject ?? null;
      if (read.status !== 200 || seqOf(w, subject) !== w.acked)
        figures.problems.push(`round ${round}: the restarted service reads ${read.status} ${subject}`);

      figures.lost += lost;
      figures.rounds.push({
        killAtMs,
        requestsAcked,
        updatesAcked,
        bulkCreatesAcked,
        rowsAcked,
        documentsAcked,
        inFlightAtKill,
        inFlightCommitted,
        lost,
        integrity: `${integrityAfterKill} / ${integrity}`,
      });
    }
    await service.stop();
    service = undefined;
  } finally {
    await service?.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return figures;
}
