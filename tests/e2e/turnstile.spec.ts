// A visitor meeting Turnstile in a real browser, on the e2e server configured with Cloudflare's
// always-pass test keys (global-setup.ts). Turnstile's own script and its siteverify are outside: the
// script is a stand-in that renders what the real widget leaves in the form (the hidden
// `cf-turnstile-response` field, holding the dummy token a test site key gives), and siteverify is the
// local fake of tests/e2e/siteverify.ts, which lists what it received.
import AxeBuilder from "@axe-core/playwright";
import { clientIpFor } from "../support/addresses";
import { checkHtml, describeHtmlError } from "../support/judges/nu-checker";
import { TURNSTILE_TEST } from "../support/turnstile";
import type { Page } from "@playwright/test";
import { AXE_TAGS, DESKTOP, expect, hydrated, PHONE, test } from "./fixtures";

const SITE = () => process.env.E2E_TURNSTILE_URL!;
const SITEVERIFY = () => process.env.E2E_SITEVERIFY_URL!;

/** Turnstile's api.js, explicit rendering: the token is the test site key's dummy, or the one a test sets. */
const WIDGET = `
window.turnstile = (function () {
  var widgets = {}, next = 0;
  function token() { return window.turnstileToken === undefined ? ${JSON.stringify(TURNSTILE_TEST.dummyToken)} : window.turnstileToken; }
  return {
    render: function (element, options) {
      var id = "cf-chl-widget-" + ++next;
      var input = document.createElement("input");
      input.type = "hidden";
      input.name = options["response-field-name"] || "cf-turnstile-response";
      input.value = token();
      element.appendChild(input);
      widgets[id] = input;
      return id;
    },
    reset: function (id) { if (widgets[id]) widgets[id].value = token(); },
    remove: function (id) { if (widgets[id]) { widgets[id].remove(); delete widgets[id]; } },
  };
})();`;

test.use({ viewport: PHONE });

test.beforeEach(async ({ page }) => {
  await page.route(/^https:\/\/challenges\.cloudflare\.com\/turnstile\/v0\/api\.js/, (route) =>
    route.fulfill({ contentType: "text/javascript", body: WIDGET }),
  );
});

async function fillContact(page: Page, message: string) {
  await page.goto(`${SITE()}/contact`);
  await hydrated(page, "main form");
  await page.getByLabel("Your Name").fill("Turnstile Visitor");
  await page.getByRole("textbox", { name: "Email Address", exact: true }).fill("turnstile@example.com");
  await page.getByRole("textbox", { name: "Message", exact: true }).fill(message);
}

test("the widget's token passes siteverify and the message is sent", async ({ page }, testInfo) => {
  const message = `Sent past the security check ${testInfo.testId}`;
  await fillContact(page, message);
  await expect(page.locator('input[name="cf-turnstile-response"]')).toHaveValue(TURNSTILE_TEST.dummyToken);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Message sent successfully!")).toBeVisible();

  // The server asked siteverify with its secret, the widget's token and this visitor's address.
  const received = (await (await fetch(`${SITEVERIFY()}/received`)).json()) as Array<Record<string, string>>;
  expect(received).toContainEqual({
    secret: TURNSTILE_TEST.secretPasses,
    response: TURNSTILE_TEST.dummyToken,
    remoteip: clientIpFor(`${testInfo.testId}#${testInfo.retry}`),
  });
});

test("a failed challenge (no token) is refused with the reason, and what was typed is kept", async ({
  page,
}, testInfo) => {
  await page.addInitScript(() => ((window as unknown as { turnstileToken: string }).turnstileToken = ""));
  const message = `Refused at the security check ${testInfo.testId}`;
  await fillContact(page, message);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("alert")).toContainText("Please complete the security check and try again.");
  await expect(page.getByRole("textbox", { name: "Message", exact: true })).toHaveValue(message);
  await expect(page.getByText("Message sent successfully!")).toHaveCount(0);
});

// The judges (judges.spec.ts) crawl servers without Turnstile; these are the pages that carry it.
const FORMS_WITH_THE_CHECK = ["/contact", "/testimonials/add"];

test("the forms that carry the check are valid HTML, and axe finds nothing at either width once it is rendered", async ({
  page,
  request,
}) => {
  const documents = await Promise.all(
    FORMS_WITH_THE_CHECK.map(async (path) => ({
      name: path,
      html: await (await request.get(`${SITE()}${path}`)).text(),
    })),
  );
  for (const { name, html } of documents) expect(html, name).toContain(`<div class="turnstile">`);
  expect((await checkHtml(documents)).map(describeHtmlError)).toEqual([]);

  const violations: string[] = [];
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    for (const path of FORMS_WITH_THE_CHECK) {
      await page.goto(`${SITE()}${path}`);
      await hydrated(page, "main form");
      await expect(page.locator('input[name="cf-turnstile-response"]')).toHaveCount(1);
      const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
      for (const violation of results.violations) {
        violations.push(`${viewport.width} px ${path}: ${violation.id} (${violation.impact}) ${violation.help}`);
      }
    }
  }
  expect(violations).toEqual([]);
});
