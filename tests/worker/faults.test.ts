// Whole requests through the Worker while a dependency fails: D1 refusing writes, R2 failing part-way
// through an upload, MailChannels failing or never answering, the Analytics Engine SQL API failing.
// Each time the visitor or admin gets the spec's message (never the generic error page, never the
// underlying error) and storage is left as it was, or, for e-mail, the message waits for the retry.
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import worker from "../../server";
import { db } from "~/platform/db.server";
import { MAILCHANNELS_URL } from "~/platform/env.server";
import { getMessage } from "~/messages/queries.server";
import { upsertEvents } from "~/events/queries.server";
import { getArtwork, upsertArtworks } from "~/artworks/queries.server";
import { signIn } from "./admin-helpers";
import { sqlApiUrl } from "~/analytics/report.server";
import { http, HttpResponse, never, outbound } from "../support/outbound";
import { failingBucket, failingD1, fetchWithEnv, INJECTED } from "./faults-helpers";
import { snapshotStorage } from "./storage-snapshot";
import { makeArtwork, TINY_JPEG } from "./helpers";
import { freshClientIp } from "../support/addresses";

const database = db(env);
let cookie: string;

beforeAll(async () => {
  cookie = await signIn();
});

beforeEach(async () => {
  await upsertArtworks(database, [
    makeArtwork({ id: "f-post", title: "Steady", imageUrls: ["posts/1_f-post.jpg"], events: ["f-event"] }),
  ]);
  await upsertEvents(database, [{ id: "f-event", name: "Open Studio", description: "d", date: "2027-05-05" }]);
  await env.IMAGES.put("posts/1_f-post.jpg", TINY_JPEG);
});

/** The answer a failure must never look like: the generic error page, or the injected error itself. */
async function expectSpecFailure(response: Response, status: number, message: string) {
  expect(response.status).toBe(status);
  const html = await response.text();
  expect(html).toContain(message);
  expect(html).not.toContain("Something went wrong");
  expect(html).not.toContain(INJECTED);
  return html;
}

function artworkForm(fields: Record<string, string>, files: string[]): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    title: "Changed",
    description: "Changed",
    medium: "Oil",
    size: "1 x 1 cm",
    price: "",
    available: "yes",
    categories: "oil",
    ...fields,
  }))
    form.append(name, value);
  for (const file of files) form.append("images", new Blob([TINY_JPEG], { type: "image/jpeg" }), file);
  return form;
}

const adminPost = (body: FormData | URLSearchParams) => ({ method: "POST", headers: { Cookie: cookie }, body });

describe("D1 failing on every write", () => {
  const DB = () => failingD1(env.DB);

  const cases: Array<[string, string, () => FormData | URLSearchParams, string]> = [
    [
      "creating a post with an image",
      "/createPost",
      () => artworkForm({ intent: "save" }, ["new.jpg"]),
      "There was an error creating your post.",
    ],
    [
      "updating a post, swapping its image",
      "/edit/f-post",
      () => artworkForm({ intent: "save", removeImage: "posts/1_f-post.jpg", removeEvent: "f-event" }, ["swap.jpg"]),
      "There was an error updating your post.",
    ],
    [
      "deleting a post",
      "/edit/f-post",
      () => artworkForm({ intent: "delete" }, []),
      "There was an error deleting the post.",
    ],
    [
      "creating an event",
      "/create-event",
      () => new URLSearchParams({ name: "New", description: "d", date: "2027-01-01", location: "" }),
      "There was an error creating the event.",
    ],
    [
      "updating an event",
      "/events/edit/f-event",
      () => new URLSearchParams({ name: "Renamed", description: "d", date: "2027-01-01", location: "" }),
      "There was an error updating the event.",
    ],
    [
      "deleting an event listed by a post",
      "/events/edit/f-event",
      () => new URLSearchParams({ intent: "delete" }),
      "There was an error deleting the event.",
    ],
  ];

  for (const [what, path, body, message] of cases) {
    it(`${what}: 503 with "${message}", no half-made row, no orphaned image`, async () => {
      const before = await snapshotStorage();
      const { response } = await fetchWithEnv({ DB: DB() }, path, adminPost(body()));
      const html = await expectSpecFailure(response, 503, message);
      // The form is still there to try again, with what was typed.
      if (!what.startsWith("deleting")) expect(html).toMatch(/value="(Changed|New|Renamed)"/);
      expect(await snapshotStorage()).toBe(before);
    });
  }

  it("the same requests succeed once D1 is back (the failures above were the fault, not the input)", async () => {
    for (const [, path, body] of cases.filter(([what]) => !what.startsWith("deleting"))) {
      const { response } = await fetchWithEnv({}, path, adminPost(body()));
      expect([200, 302]).toContain(response.status);
    }
  });
});

describe("the migration tool with a failing dependency", () => {
  const legacy = "https://res.cloudinary.com/amara/image/upload/v1/old.jpg";
  const migrationForm = (intent: "upload" | "copy") => {
    const form = new FormData();
    for (const [name, value] of Object.entries({ intent, artworkId: "f-legacy", step: "0" })) form.append(name, value);
    if (intent === "upload") form.append("images", new Blob([TINY_JPEG], { type: "image/jpeg" }), "new.jpg");
    return form;
  };
  beforeEach(async () => {
    await upsertArtworks(database, [makeArtwork({ id: "f-legacy", imageUrls: [legacy] })]);
  });

  it("D1 failing when the migrated artwork is saved: 503, the uploaded replacement is deleted again", async () => {
    const before = await snapshotStorage();
    const { response } = await fetchWithEnv(
      { DB: failingD1(env.DB) },
      "/migration-tool",
      adminPost(migrationForm("upload")),
    );
    await expectSpecFailure(response, 503, "Failed to upload images. Please try again.");
    expect(await snapshotStorage()).toBe(before);
  });

  it("R2 failing while 'Copy automatically' stores the copy: 503 beside Copy, nothing kept", async () => {
    const before = await snapshotStorage();
    const bucket = failingBucket(env.IMAGES, 1);
    outbound.use(http.get(legacy, () => new HttpResponse(TINY_JPEG, { headers: { "Content-Type": "image/jpeg" } })));
    const { response } = await fetchWithEnv({ IMAGES: bucket }, "/migration-tool", adminPost(migrationForm("copy")));
    await expectSpecFailure(response, 503, "Failed to upload images. Please try again.");
    expect(bucket.puts).toBe(1);
    expect(await snapshotStorage()).toBe(before);
  });
});

describe("D1 failing around an edit", () => {
  const editForm = () => artworkForm({ intent: "save", title: "Kept Title" }, ["fresh.jpg"]);

  it("reading the artwork fails: 503 with the form's message, what was typed kept, the upload deleted again", async () => {
    const before = await snapshotStorage();
    // Only the action's read fails; the page that then shows the form reads the artwork as usual.
    let failed = false;
    const reads = failingD1(env.DB, (sql) => {
      if (failed || !/^\s*select\b/i.test(sql) || !sql.includes('"posts"')) return false;
      return (failed = true);
    });
    const { response } = await fetchWithEnv({ DB: reads }, "/edit/f-post", adminPost(editForm()));
    const html = await expectSpecFailure(response, 503, "There was an error updating your post.");
    expect(html).toContain('value="Kept Title"');
    expect(await snapshotStorage()).toBe(before);
  });

  it("the clean-up after a saved edit fails: the edit is still reported saved, and saved", async () => {
    const cleanUp = failingD1(env.DB, (sql) => sql.includes("json_each"));
    const form = artworkForm({ intent: "save", title: "Saved Anyway", removeImage: "posts/1_f-post.jpg" }, ["new.jpg"]);
    const { response } = await fetchWithEnv({ DB: cleanUp }, "/edit/f-post", adminPost(form));
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Post updated successfully!");
    expect((await getArtwork(database, "f-post"))?.title).toBe("Saved Anyway");
  });
});

describe("R2 failing part-way through an upload", () => {
  const uploads: Array<[string, () => FormData, string]> = [
    [
      "/createPost",
      () => artworkForm({ intent: "save" }, ["a.jpg", "b.jpg", "c.jpg"]),
      "There was an error uploading images.",
    ],
    [
      "/edit/f-post",
      () => artworkForm({ intent: "save" }, ["a.jpg", "b.jpg", "c.jpg"]),
      "There was an error uploading new images.",
    ],
    [
      "/migration-tool",
      () => {
        const form = new FormData();
        for (const [name, value] of Object.entries({ intent: "upload", artworkId: "f-legacy", step: "0" }))
          form.append(name, value);
        for (const file of ["a.jpg", "b.jpg", "c.jpg"])
          form.append("images", new Blob([TINY_JPEG], { type: "image/jpeg" }), file);
        return form;
      },
      "Failed to upload images. Please try again.",
    ],
  ];

  for (const [path, form, message] of uploads) {
    it(`${path}: the second image fails, the first is deleted again, 503 with "${message}"`, async () => {
      await upsertArtworks(database, [
        makeArtwork({ id: "f-legacy", imageUrls: ["https://res.cloudinary.com/amara/image/upload/v1/old.jpg"] }),
      ]);
      const before = await snapshotStorage();
      const bucket = failingBucket(env.IMAGES, 2);
      const { response } = await fetchWithEnv({ IMAGES: bucket }, path, adminPost(form()));
      await expectSpecFailure(response, 503, message);
      // The first image really reached R2 before the failure, so its removal is what the snapshot proves.
      expect(bucket.puts).toBeGreaterThanOrEqual(2);
      expect(await snapshotStorage()).toBe(before);
    });
  }
});

describe("MailChannels failing, then the scheduled retry", () => {
  const withMail = { MAILCHANNELS_API_KEY: "test-mail-key" } as Partial<Env>;

  async function enquire(
    name: string,
    overrides: Record<string, string> = {},
  ): Promise<{ response: Response; settled: () => Promise<void> }> {
    return fetchWithEnv({ ...withMail, ...overrides } as Partial<Env>, "/post/f-post", {
      method: "POST",
      headers: { "CF-Connecting-IP": freshClientIp() },
      body: new URLSearchParams({
        name,
        email: "buyer@example.com",
        address: "1 Park Lane, Leeds",
        message: "Is it still available?",
      }),
    });
  }

  async function storedEnquiry(name: string) {
    const row = await env.DB.prepare("select id from messages where name = ?").bind(name).first<{ id: string }>();
    expect(row).not.toBeNull();
    return (await getMessage(database, row!.id))!;
  }

  async function scheduledRetry() {
    const ctx = createExecutionContext();
    await worker.scheduled!(createScheduledController({ cron: "*/15 * * * *" }), { ...env, ...withMail }, ctx);
    await waitOnExecutionContext(ctx);
  }

  const mailChannelsAnswers = (answer: (request: Request) => Response | Promise<Response>) =>
    outbound.use(http.post(MAILCHANNELS_URL, ({ request }) => answer(request as unknown as Request)));
  /** What MailChannels accepted: the bodies of the requests it answered 202. */
  const accepted: string[] = [];
  const acceptMail = () =>
    mailChannelsAnswers(async (request) => {
      accepted.push(await request.text());
      return new HttpResponse(null, { status: 202 });
    });

  beforeEach(async () => {
    await env.DB.prepare("delete from messages").run();
    accepted.length = 0;
  });

  it("answering 500: the visitor is told it was sent, the message is kept as failed, the retry delivers it", async () => {
    mailChannelsAnswers(() => new HttpResponse("upstream error", { status: 500 }));
    const { response, settled } = await enquire("Failing Mail");
    expect(response.status).toBe(200);
    await settled();
    expect(await storedEnquiry("Failing Mail")).toMatchObject({ status: "failed", attempts: 1 });
    acceptMail();
    await scheduledRetry();
    expect(await storedEnquiry("Failing Mail")).toMatchObject({ status: "sent", attempts: 2, lastError: null });
    expect(accepted).toHaveLength(1);
    expect(accepted[0]).toContain("Failing Mail");
  });

  it("slow to answer: the visitor does not wait for it, and it is sent once MailChannels answers", async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    mailChannelsAnswers(async (request) => {
      await answered;
      accepted.push(await request.text());
      return new HttpResponse(null, { status: 202 });
    });
    const { response, settled } = await enquire("Slow Mail");
    // The visitor's answer came while MailChannels had not answered yet.
    expect(response.status).toBe(200);
    expect((await storedEnquiry("Slow Mail")).status).toMatch(/^(pending|sending)$/);
    answer();
    await settled();
    expect(await storedEnquiry("Slow Mail")).toMatchObject({ status: "sent", attempts: 1 });
    expect(accepted).toHaveLength(1);
  });

  it("never answering: it times out as failed (after MAIL_TIMEOUT_MS), and the retry delivers it", async () => {
    mailChannelsAnswers(never);
    const { response, settled } = await enquire("Hanging Mail", { MAIL_TIMEOUT_MS: "50" });
    expect(response.status).toBe(200);
    await settled();
    const failed = await storedEnquiry("Hanging Mail");
    expect(failed).toMatchObject({ status: "failed", attempts: 1 });
    expect(failed.lastError).toMatch(/^Timed out/);
    acceptMail();
    await scheduledRetry();
    expect(await storedEnquiry("Hanging Mail")).toMatchObject({ status: "sent", attempts: 2 });
    expect(accepted).toHaveLength(1);
  });
});

describe("the Analytics Engine SQL API failing", () => {
  const withSqlApi = { CF_ACCOUNT_ID: "account-123", CF_API_TOKEN: "token-abc" } as Partial<Env>;
  const failures: Array<[string, () => Response, RegExp]> = [
    [
      "answering 401",
      () => new HttpResponse("Authentication error", { status: 401 }),
      /Analytics Engine answered 401: Authentication error\./,
    ],
    ["answering 500", () => new HttpResponse("boom", { status: 500 }), /Analytics Engine answered 500/],
    ["unreachable", () => HttpResponse.error(), /Analytics Engine could not be reached/],
  ];

  for (const [what, answer, reason] of failures) {
    it(`${what}: /analytics shows 'Analytics Error' with the reason and a Retry for the same range`, async () => {
      outbound.use(http.post(sqlApiUrl("account-123"), answer));
      const { response } = await fetchWithEnv(withSqlApi, "/analytics?range=30d", { headers: { Cookie: cookie } });
      const html = await expectSpecFailure(response, 200, "Analytics Error");
      const alert = /<div[^>]*role="alert"[^>]*>([\s\S]*?)<\/div>/.exec(html)?.[1] ?? "";
      expect(alert).toMatch(reason);
      expect(alert).toMatch(/<a[^>]*href="\/analytics\?range=30d"[^>]*>[\s\S]*Retry<\/a>/);
      expect(html).not.toContain("Unique Visitors");
    });
  }
});
