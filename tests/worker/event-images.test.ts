// An event's one optional image: stored with its copies as an artwork's are, shown on the visitors' event
// cards from its copies, replaced or removed from the edit form, and gone from R2 with the event.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { EVENT_ONE_IMAGE } from "~/events/limits";
import { postMultipart, signIn } from "./admin-helpers";
import { fetchApp, TINY_JPEG, webpOfWidth } from "./helpers";
import { snapshotStorage } from "./storage-snapshot";

type EventRow = { id: string; name: string; image: string | null; image_copies: string | null };

let cookie: string;
beforeAll(async () => {
  cookie = await signIn();
});

/** The event form as the browser sends it with JavaScript: text fields, then each image and its copies. */
function eventForm(name: string, images: string[] = [], extra: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [field, value] of Object.entries({
    intent: "save",
    name,
    description: "Paintings, prints and cards.",
    date: "2099-06-01",
    location: "Kirkgate Market, Leeds",
    ...extra,
  })) {
    form.append(field, value);
  }
  images.forEach((file, index) => {
    form.append("images", new File([TINY_JPEG], file, { type: "image/jpeg" }));
    form.append(`display-${index}`, new File([webpOfWidth(1600)], `display-${index}.webp`, { type: "image/webp" }));
    form.append(`medium-${index}`, new File([webpOfWidth(800)], `medium-${index}.webp`, { type: "image/webp" }));
    form.append(`thumbnail-${index}`, new File([webpOfWidth(480)], `thumbnail-${index}.webp`, { type: "image/webp" }));
  });
  return form;
}

const eventNamed = (name: string) =>
  env.DB.prepare("select id, name, image, image_copies from events where name = ?").bind(name).first<EventRow>();

/** The R2 keys of an event's image and its copies. */
function keysOf(row: EventRow): string[] {
  const copies = JSON.parse(row.image_copies ?? "{}") as Record<string, { key: string }>;
  return [row.image!, ...Object.values(copies).map((copy) => copy.key)];
}

const inR2 = async (keys: string[]) =>
  (await Promise.all(keys.map((key) => env.IMAGES.head(key)))).map((object) => object !== null);

async function createWithImage(name: string): Promise<EventRow> {
  const response = await postMultipart("/create-event", eventForm(name, ["market stall.jpg"]), { Cookie: cookie });
  expect(response.status).toBe(302);
  return (await eventNamed(name))!;
}

describe("an event's image", () => {
  it("is stored with its copies under events/, and the visitors' cards show it from its copies", async () => {
    const row = await createWithImage("Market Day With Image");
    expect(row.image).toMatch(/^events\/\d+_market-stall\.jpg$/);
    const copies = JSON.parse(row.image_copies!) as Record<string, { key: string; width: number }>;
    expect(copies).toEqual({
      display: { key: row.image!.replace(/\.jpg$/, ".display.webp"), width: 1600 },
      medium: { key: row.image!.replace(/\.jpg$/, ".medium.webp"), width: 800 },
      thumbnail: { key: row.image!.replace(/\.jpg$/, ".thumbnail.webp"), width: 480 },
    });
    expect(await inR2(keysOf(row))).toEqual([true, true, true, true]);

    for (const page of ["/", "/events"]) {
      const html = await (await fetchApp(page)).text();
      const card = html.slice(html.indexOf(`aria-labelledby="event-${row.id}"`));
      expect(card).toMatch(
        new RegExp(
          `^[^>]*><img src="/images/${copies.display!.key.replace(/[.]/g, "\\.")}" srcSet="/images/[^"]+\\.thumbnail\\.webp 480w, /images/[^"]+\\.medium\\.webp 800w, /images/[^"]+\\.display\\.webp 1600w" sizes="[^"]+" alt=""`,
        ),
      );
    }
  });

  it("is optional: an event without one has a card without a picture", async () => {
    const response = await postMultipart("/create-event", eventForm("Market Day Without Image"), { Cookie: cookie });
    expect(response.status).toBe(302);
    const row = (await eventNamed("Market Day Without Image"))!;
    expect(row.image).toBeNull();
    const html = await (await fetchApp("/events")).text();
    const card = html.slice(html.indexOf(`aria-labelledby="event-${row.id}"`));
    expect(card).toMatch(/^[^>]*><span class="badge/);
  });

  it("is one: two are refused with what was typed kept, and a file that is not an image too, storing nothing", async () => {
    const before = await snapshotStorage();
    const two = await postMultipart("/create-event", eventForm("Two Images Fair", ["a.jpg", "b.jpg"]), {
      Cookie: cookie,
    });
    expect(two.status).toBe(413);
    const html = await two.text();
    expect(html).toContain(EVENT_ONE_IMAGE);
    expect(html).toContain('value="Two Images Fair"');

    const notImage = eventForm("Not An Image Fair");
    notImage.append("images", new File(["hello"], "notes.txt", { type: "text/plain" }));
    const refused = await postMultipart("/create-event", notImage, { Cookie: cookie });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("&quot;notes.txt&quot; is not a JPEG, PNG, WebP, GIF or AVIF image.");
    expect(await snapshotStorage()).toBe(before);
  });

  it("is replaced by a new one and taken away by Remove image, each leaving R2 once the event no longer shows it", async () => {
    const first = await createWithImage("Open Studio Replace");
    const edit = (form: FormData) => postMultipart(`/events/edit/${first.id}`, form, { Cookie: cookie });

    expect((await edit(eventForm("Open Studio Replace", ["studio door.jpg"]))).status).toBe(200);
    const second = (await eventNamed("Open Studio Replace"))!;
    expect(second.image).toMatch(/^events\/\d+_studio-door\.jpg$/);
    expect(await inR2(keysOf(first))).toEqual([false, false, false, false]);
    expect(await inR2(keysOf(second))).toEqual([true, true, true, true]);
    // Saved without touching the image: it stays.
    expect((await edit(eventForm("Open Studio Replace", [], { location: "Chapel Allerton" }))).status).toBe(200);
    expect((await eventNamed("Open Studio Replace"))!.image).toBe(second.image);

    expect((await edit(eventForm("Open Studio Replace", [], { removeImage: second.image! }))).status).toBe(200);
    expect((await eventNamed("Open Studio Replace"))!.image).toBeNull();
    expect(await inR2(keysOf(second))).toEqual([false, false, false, false]);
  });

  it("goes from R2 with its event", async () => {
    const row = await createWithImage("Charity Auction Delete");
    const form = new FormData();
    form.append("intent", "delete");
    const response = await postMultipart(`/events/edit/${row.id}`, form, { Cookie: cookie });
    expect(response.status).toBe(302);
    expect(await eventNamed("Charity Auction Delete")).toBeNull();
    expect(await inR2(keysOf(row))).toEqual([false, false, false, false]);
  });

  it("is refused without a session, storing nothing", async () => {
    const before = await snapshotStorage();
    const response = await postMultipart("/create-event", eventForm("Stranger's Fair", ["x.jpg"]));
    expect(response.status).toBe(401);
    expect(await snapshotStorage()).toBe(before);
  });
});
