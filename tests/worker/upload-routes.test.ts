// The upload routes beside the image forms (`/createPost/upload`, `/edit/:id/upload`, `/create-event/upload`,
// `/events/edit/:id/upload`, `/migration-tool/upload`): the page's own action, answered as plain JSON, so the
// browser's XMLHttpRequest that shows an upload's progress reads it without Remix's private wire format.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { UPLOAD_MAX_BYTES } from "~/images/limits";
import { artworkForm, jpeg, postMultipart, signIn } from "./admin-helpers";
import { fetchApp } from "./helpers";

let cookie: string;
beforeAll(async () => {
  cookie = await signIn();
});

const fields = {
  intent: "save",
  title: "Upload Route Harbour",
  description: "Boats at dusk.",
  medium: "Oil on canvas",
  size: "50 x 40 cm",
  price: "450",
  available: "yes",
};

const titled = (title: string) =>
  env.DB.prepare("select id from posts where title = ?").bind(title).first<{ id: string }>();

describe("an upload route", () => {
  it("answers a save that moves on as JSON naming where to, and stores it", async () => {
    const response = await postMultipart("/createPost/upload", artworkForm(fields, ["oil"], [jpeg("a.jpg")]), {
      Cookie: cookie,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(response.headers.get("Location")).toBeNull();
    expect(await response.json()).toEqual({ redirect: "/dashboard?notice=artwork-created" });
    expect(await titled(fields.title)).not.toBeNull();
  });

  it("answers a refused form with its status, its messages and what was typed", async () => {
    const form = artworkForm({ ...fields, title: "" }, ["oil"], [jpeg("b.jpg")]);
    const response = await postMultipart("/createPost/upload", form, { Cookie: cookie });
    expect(response.status).toBe(400);
    const answer = (await response.json()) as { ok: boolean; errors: Record<string, string>; values: object };
    expect(answer.ok).toBe(false);
    expect(answer.errors.title).toBeTruthy();
    expect(answer.values).toMatchObject({ description: fields.description, medium: fields.medium });
  });

  it("refuses a stranger as the page does, keeping what was typed but the passkey", async () => {
    const form = artworkForm(
      { ...fields, title: "Stranger Upload", passkey: "not-the-passkey-at-all" },
      ["oil"],
      [jpeg("c.jpg")],
    );
    const response = await postMultipart("/createPost/upload", form);
    expect(response.status).toBe(401);
    const answer = (await response.json()) as { ok: boolean; errors: object; values: Record<string, string> };
    expect(answer).toMatchObject({
      ok: false,
      errors: { passkey: "Invalid passkey. You are not authorized to create posts." },
    });
    expect(answer.values.title).toBe("Stranger Upload");
    expect(answer.values.passkey).toBeUndefined();
    expect(await titled("Stranger Upload")).toBeNull();
  });

  it("answers an edit that stays on its page with the page's notice", async () => {
    const created = await postMultipart(
      "/createPost",
      artworkForm({ ...fields, title: "Edited By Upload" }, ["oil"], [jpeg("d.jpg")]),
      { Cookie: cookie },
    );
    expect(created.status).toBe(302);
    const { id } = (await titled("Edited By Upload"))!;
    const page = await (await fetchApp(`/edit/${id}`, { headers: { Cookie: cookie } })).text();
    const version = /name="version" value="([^"]*)"/.exec(page)![1]!;
    const form = artworkForm({ ...fields, title: "Edited By Upload", version }, ["oil"], [jpeg("e.jpg")]);
    const response = await postMultipart(`/edit/${id}/upload`, form, { Cookie: cookie });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, notice: "Post updated successfully!" });
  });

  it("answers 404 for an event that is gone", async () => {
    const form = new FormData();
    for (const [name, value] of Object.entries({
      intent: "save",
      name: "Gone Fair",
      description: "d",
      date: "2099-06-01",
      location: "Leeds",
    })) {
      form.append(name, value);
    }
    form.append("images", new File([new Uint8Array([0xff, 0xd8, 0xff])], "x.jpg", { type: "image/jpeg" }));
    const response = await postMultipart("/events/edit/no-such-event/upload", form, { Cookie: cookie });
    expect(response.status).toBe(404);
  });

  it("has its page's body cap and same-origin rule", async () => {
    const tooLarge = await fetchApp("/edit/1/upload", {
      method: "POST",
      headers: {
        Origin: "http://localhost",
        Cookie: cookie,
        "Content-Length": String(UPLOAD_MAX_BYTES + 1),
        "Content-Type": "multipart/form-data; boundary=x",
      },
      body: "--x--",
    });
    expect(tooLarge.status).toBe(413);
    const crossOrigin = await postMultipart("/migration-tool/upload", new FormData(), {
      Cookie: cookie,
      Origin: "https://elsewhere.example",
    });
    expect(crossOrigin.status).toBe(403);
  });
});
