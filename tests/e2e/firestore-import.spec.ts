// `npm run import -- --firestore`, as the README's migration guide runs it, against Firestore's REST API
// and Google's token endpoint faked on a local port: the site it imports is the one the JSON export gives.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../../scripts/lib/wrangler-dev";
import { migrateLocal } from "../../scripts/local-setup";
import { fakeFirestore } from "../support/firestore";
import { localD1Rows } from "../support/local-state";
import { serveHandlers } from "../support/serve-handlers";
import { expect, test } from "./fixtures";
import { npmRun, npmRunResult } from "../../scripts/lib/npm-run";

const BUCKET = "amara-art.appspot.com";
const FIXTURE = "tests/fixtures/firestore-export.json";

test("the old site read from Firestore imports the same site as its JSON export", async () => {
  test.setTimeout(120_000);
  const dir = mkdtempSync(join(tmpdir(), "firestore-e2e-"));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const sample = JSON.parse(readFileSync(FIXTURE, "utf8"));
  const fake = await fakeFirestore("amara-art", sample, {
    firestoreUrl: `${base}/v1`,
    tokenUrl: `${base}/token`,
  });
  const server = await serveHandlers(fake.handlers, port);
  try {
    const key = join(dir, "service-account.json");
    writeFileSync(key, JSON.stringify({ type: "service_account", project_id: "amara-art", ...fake.account }));
    const [fromFirestore, fromJson] = [join(dir, "firestore"), join(dir, "json")];
    migrateLocal(fromFirestore);
    migrateLocal(fromJson);

    const firestore = ["--firestore", "amara-art", "--credentials", key, "--firestore-url", `${base}/v1`];
    const output = await npmRun("import", ...firestore, "--storage-bucket", BUCKET, "--persist-to", fromFirestore);
    expect(output).toContain('Read 4 posts, 2 events, 2 testimonials from Firestore project "amara-art".');
    expect(output).toContain("Imported into local D1: 4 posts, 2 events, 2 testimonials; 0 rejected.");
    await npmRun(
      "import",
      "--file",
      "tests/fixtures/firestore-export.json",
      "--storage-bucket",
      BUCKET,
      "--persist-to",
      fromJson,
    );
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
