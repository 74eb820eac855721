import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/platform/db.server";
import { getEvent, upsertEvents } from "~/events/queries.server";
import { getArtwork, upsertArtworks } from "~/artworks/queries.server";
import { postForm, signIn } from "./admin-helpers";
import { fetchApp } from "./helpers";

const database = db(env);
const valid = { name: "Spring Show", description: "New paintings.", date: "2027-04-10", location: "Leeds" };

beforeEach(async () => {
  await upsertEvents(database, [{ id: "ev-1", name: "Winter Fair", description: "Stalls.", date: "2026-12-12" }]);
});

describe("/create-event", () => {
  it("asks a signed-out visitor for the passkey and refuses a wrong one with the spec's message", async () => {
    const page = await (await fetchApp("/create-event")).text();
    expect(page).toContain("Passkey");
    const response = await postForm("/create-event", { intent: "save", passkey: "nope", ...valid });
    expect(response.status).toBe(401);
    expect(await response.text()).toContain("Invalid passkey. You are not authorized to create an event.");
  });

  it("creates with the right passkey, which also signs in", async () => {
    const response = await postForm("/create-event", { intent: "save", passkey: env.ADMIN_PASSKEY, ...valid });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard?notice=event-created");
    expect(response.headers.get("Set-Cookie")).toContain("session=");
    const events = await (await fetchApp("/events")).text();
    expect(events).toContain("Spring Show");
  });

  it("stores a create form sent twice once, and offers each form shown a submission of its own", async () => {
    const cookie = await signIn();
    const page = async () => (await fetchApp("/create-event", { headers: { Cookie: cookie } })).text();
    const submissionOf = (html: string) => /name="submission" value="([0-9A-Za-z]{20})"/.exec(html)?.[1];
    const submission = submissionOf(await page());
    expect(submission).toBeDefined();
    expect(submissionOf(await page())).not.toBe(submission);

    const form = { intent: "save", submission: submission!, ...valid, name: "Sent Twice Fair" };
    for (const _ of [1, 2]) {
      const response = await postForm("/create-event", form, { Cookie: cookie });
      expect(response.headers.get("Location")).toBe("/dashboard?notice=event-created");
    }
    const rows = await env.DB.prepare("select id from events where name = ?").bind("Sent Twice Fair").all();
    expect(rows.results).toEqual([{ id: submission }]);
  });

  it("answers 'All fields are required.' for a missing field, keeping what was typed", async () => {
    const cookie = await signIn();
    const response = await postForm("/create-event", { intent: "save", ...valid, date: "" }, { Cookie: cookie });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("All fields are required.");
    expect(html).toContain('value="Spring Show"');
  });

  it("does not ask a signed-in admin for the passkey", async () => {
    const cookie = await signIn();
    const page = await (await fetchApp("/create-event", { headers: { Cookie: cookie } })).text();
    expect(page).not.toContain('name="passkey"');
  });
});

describe("/events/edit/:id", () => {
  it("updates with a session and says so", async () => {
    const cookie = await signIn();
    const response = await postForm("/events/edit/ev-1", { intent: "save", ...valid }, { Cookie: cookie });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Event updated successfully!");
    expect((await getEvent(database, "ev-1"))?.name).toBe("Spring Show");
  });

  it("refuses a wrong passkey for update and delete with their own messages, changing nothing", async () => {
    const update = await postForm("/events/edit/ev-1", { intent: "save", passkey: "x", ...valid });
    expect(await update.text()).toContain("Invalid passkey. You are not authorized to edit this event.");
    const remove = await postForm("/events/edit/ev-1", { intent: "delete", passkey: "x" });
    expect(remove.status).toBe(401);
    expect(await remove.text()).toContain("Invalid passkey. You are not authorized to delete this event.");
    expect((await getEvent(database, "ev-1"))?.name).toBe("Winter Fair");
  });

  it("deletes an event and takes it out of the artworks that listed it", async () => {
    await upsertArtworks(database, [
      {
        id: "p-ev",
        title: "Fair piece",
        description: "d",
        medium: "Oil",
        categories: ["oil"],
        category: "oil",
        size: "A4",
        events: ["Spring Show", "ev-1", "Winter Fair", "Other Show"],
      },
      {
        id: "p-ev-only",
        title: "Only at the fair",
        description: "d",
        medium: "Oil",
        categories: ["oil"],
        category: "oil",
        size: "A4",
        events: ["ev-1"],
      },
    ]);
    const cookie = await signIn();
    const response = await postForm("/events/edit/ev-1", { intent: "delete" }, { Cookie: cookie });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard?notice=event-deleted");
    expect(await getEvent(database, "ev-1")).toBeUndefined();
    // The rest keep their order; a post left with none has an empty list.
    expect((await getArtwork(database, "p-ev"))?.events).toEqual(["Spring Show", "Other Show"]);
    expect((await getArtwork(database, "p-ev-only"))?.events).toEqual([]);
  });

  it("answers 404 for an unknown event", async () => {
    expect((await fetchApp("/events/edit/nope")).status).toBe(404);
  });
});
