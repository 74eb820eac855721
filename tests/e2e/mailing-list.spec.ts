// The mailing list on a phone, against a server that sends e-mail to a local MailChannels fake: a visitor
// subscribes from the footer, confirms from the e-mail's link by pressing Confirm, the artist announces a new
// artwork (sent by the server's local queue), and the visitor leaves in one click as a mail app does it (RFC 8058).
import type { APIRequestContext } from "@playwright/test";
import type { ReceivedEmail } from "./mailchannels-server";
import { expect, hydrated, PHONE, test } from "./fixtures";
import { judge } from "./judge-page";
import { createArtwork, signIn } from "./admin-requests";

test.use({ viewport: PHONE, hasTouch: true, isMobile: true, baseURL: process.env.E2E_MAIL_URL });

/** The e-mails the fake received for `email`, once there are `count`. */
async function emailsTo(request: APIRequestContext, email: string, count = 1): Promise<ReceivedEmail[]> {
  let mine: ReceivedEmail[] = [];
  await expect
    .poll(async () => {
      const received = (await (
        await request.get(`${process.env.E2E_MAILCHANNELS_URL}/received`)
      ).json()) as ReceivedEmail[];
      mine = received.filter((each) => each.body.personalizations[0]!.to[0]!.email === email);
      return mine.length;
    })
    .toBe(count);
  return mine;
}

type Personalization = ReceivedEmail["body"]["personalizations"][number];

/**
 * The envelope for `email` of the announcement naming the artwork `title` (one personalization of a call that
 * may carry many), once it came: another test's announcement may reach this subscriber too.
 */
async function announcementTo(request: APIRequestContext, email: string, title: string): Promise<Personalization> {
  let mine: Personalization | undefined;
  await expect
    .poll(
      async () => {
        const received = (await (
          await request.get(`${process.env.E2E_MAILCHANNELS_URL}/received`)
        ).json()) as ReceivedEmail[];
        mine = received
          .flatMap((each) => each.body.personalizations)
          .find(
            (each) =>
              each.to[0]!.email === email &&
              (each.dynamic_template_data as { artworks?: { title: string }[] } | undefined)?.artworks?.some(
                (artwork) => artwork.title === title,
              ),
          );
        return Boolean(mine);
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return mine!;
}

/** The path and query of the link in an e-mail's text that starts with `path`. */
function linkIn(email: ReceivedEmail, path: string): string {
  const match = new RegExp(`https?://[^/\\s]+(${path}\\?token=\\S+)`).exec(email.body.content[0].value);
  expect(match, `a ${path} link in the e-mail`).not.toBeNull();
  return match![1]!;
}

test("a visitor subscribes from the footer, confirms, hears of a new artwork, and leaves in one click", async ({
  page,
  baseURL,
}) => {
  const email = `reader-${Date.now()}@example.com`;
  await page.goto("/events");
  await hydrated(page);

  // The footer's form: new work and events are ticked already.
  const footer = page.getByRole("contentinfo");
  const form = footer.getByRole("form", { name: "Hear about new work and events" });
  await expect(form.getByRole("checkbox", { name: "New work" })).toBeChecked();
  await form.getByRole("textbox", { name: "Email address" }).fill(email);
  await form.getByRole("button", { name: "Subscribe" }).tap();
  await expect(page).toHaveURL(/\/mailing-list$/);
  await expect(page.getByRole("status")).toContainText("Almost done: please check your inbox");

  // The e-mail: a confirm link, the way to leave in its headers and its text.
  const [sent] = await emailsTo(page.request, email);
  expect(sent!.body.subject).toBe("Please confirm your subscription to Amara Okoye Art");
  const preferences = linkIn(sent!, "/mailing-list/preferences");
  const leave = preferences.replace("/preferences", "/leave");
  expect(sent!.body.headers).toEqual({
    "List-Unsubscribe": expect.stringMatching(new RegExp(`^<https?://[^>]+${leave.replace(/[?.]/g, "\\$&")}>$`)),
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  });

  // Opening the link asks; Confirm confirms.
  await page.goto(linkIn(sent!, "/mailing-list/confirm"));
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirm your subscription");
  await judge(page);
  await page.getByRole("button", { name: "Confirm" }).tap();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You are subscribed");

  // The preferences page, from the link every e-mail carries.
  await page.getByRole("link", { name: "Change your preferences" }).tap();
  await expect(page.getByText(email)).toBeVisible();
  await judge(page);

  // The artist, signed in on her phone, announces a new artwork: it is ticked already, being new.
  await signIn(page.request, baseURL!);
  const title = `Morning Tide ${Date.now()}`;
  await createArtwork(page.request, baseURL!, title);
  await page.goto("/announce");
  await hydrated(page);
  await expect(page.getByRole("checkbox", { name: new RegExp(title) })).toBeChecked();
  await expect(page.frameLocator("iframe[title='The announcement e-mail']").getByText(title)).toBeVisible();
  await judge(page);
  await page.getByRole("textbox", { name: "A line from you" }).fill("Fresh from the easel this week.");
  await page.getByRole("button", { name: "Send to the list" }).tap();
  await expect(page.getByRole("status").first()).toContainText(/Queued for \d+ subscribers?/);

  // The queue's consumer e-mails it: this subscriber's envelope names the new work, and how to leave.
  const announced = await announcementTo(page.request, email, title);
  expect(announced.subject).toBe("New work from Amara Okoye Art");
  const data = announced.dynamic_template_data as { line: string; artworks: { title: string }[] };
  expect(data.line).toBe("Fresh from the easel this week.");
  expect(data.artworks.map((each) => each.title)).toContain(title);
  expect(announced.headers!["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  const unsubscribe = /^<https?:\/\/[^/]+(\/mailing-list\/leave\?token=[^>]+)>$/.exec(
    announced.headers!["List-Unsubscribe"]!,
  );
  expect(unsubscribe).not.toBeNull();
  await expect(page.getByText(/\d+ of \d+ sent/).first()).toBeVisible({ timeout: 20_000 });

  // A mail app's one-click leave: a POST to the announcement's List-Unsubscribe address with the RFC 8058 body.
  expect(unsubscribe![1]).toBe(leave);
  const left = await page.request.post(unsubscribe![1]!, { form: { "List-Unsubscribe": "One-Click" } });
  expect(left.status()).toBe(200);
  await page.goto(preferences);
  await expect(page.getByRole("alert")).toContainText("This address is not on the mailing list any more");
});
