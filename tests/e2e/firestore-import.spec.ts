// `npm run import -- --firestore`, as the README's migration guide runs it, against Firestore's REST API
// and Google's token endpoint faked on a local port: the site it imports is the one the JSON export gives.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrateLocal } from "../../scripts/local-setup";
import { localD1Rows } from "../support/local-state";
import { expect, test } from "./fixtures";
import { FIRESTORE_SAMPLE, serveFakeFirestore } from "./firestore-server";
import { npmRun, npmRunResult } from "../../scripts/lib/npm-run";

const BUCKET = "amara-art.appspot.com";

test("the old site read from Firestore imports the same site as its JSON export", async () => {
  test.setTimeout(120_000);
  const dir = mkdtempSync(join(tmpdir(), "firestore-e2e-"));
  const server = await serveFakeFirestore(dir);
  try {
    const [fromFirestore, fromJson] = [join(dir, "firestore"), join(dir, "json")];
    migrateLocal(fromFirestore);
    migrateLocal(fromJson);

    const firestore = server.args;
    const output = await npmRun("import", ...firestore, "--storage-bucket", BUCKET, "--persist-to", fromFirestore);
    expect(output).toContain('Read 4 posts, 2 events, 2 testimonials from Firestore project "amara-art".');
    expect(output).toContain("Imported into local D1: 4 posts, 2 events, 2 testimonials; 0 rejected.");
    await npmRun("import", "--file", FIRESTORE_SAMPLE, "--storage-bucket", BUCKET, "--persist-to", fromJson);
    for (const table of ["posts", "events", "testimonials"]) {
      const rows = (persistTo: string) => localD1Rows(persistTo, `select * from ${table} order by id`);
      expect(rows(fromFirestore).length, table).toBeGreaterThan(0);
      expect(rows(fromFirestore), table).toEqual(rows(fromJson));
    }

    // Refused: one line saying what and where, nothing imported.
    const wrongProject = await npmRunResult("import", ...firestore.with(1, "no-such-project"), "--persist-to", dir);
    expect(wrongProject.status).toBe(2);
    expect(wrongProject.output).toMatch(/Firestore refused to list posts in project "no-such-project": 404 NOT_FOUND/);
    const noKey = await npmRunResult("import", "--firestore", "amara-art", "--persist-to", dir);
    expect(noKey.status).toBe(2);
    expect(noKey.output).toContain("--firestore needs --credentials: the service account's key file (JSON).");
  } finally {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
