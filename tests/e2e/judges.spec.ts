// The outside judges on every page the site has: the W3C Nu HTML checker, axe (WCAG 2.2 A/AA and best
// practices) at phone and desktop width, and a same-site link check. Pages are discovered from the
// build's routes and a crawl (tests/support/judges/site-map.ts), signed out and signed in, on servers
// of their own with the shipped configuration: one with the demo content, one empty (every empty state).
import AxeBuilder from "@axe-core/playwright";
import { request, type APIRequestContext, type Browser } from "@playwright/test";
import { clientIpFor } from "../support/addresses";
import { checkHtml, describeHtmlError } from "../support/judges/nu-checker";
import { discoverSite, type Session, type SiteMap } from "../support/judges/site-map";
import { ADMIN_PASSKEY, AXE_TAGS, DESKTOP, expect, hydrated, PHONE, test } from "./fixtures";

// A visitor's browser (not a bot), so pages come streamed as visitors get them.
const BROWSER_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";
const SESSIONS: Session[] = ["signed out", "signed in"];

type Store = { name: string; urlVariable: string; demo: boolean };
const STORES: Store[] = [
  { name: "demo content", urlVariable: "E2E_JUDGES_URL", demo: true },
  { name: "an empty store", urlVariable: "E2E_JUDGES_EMPTY_URL", demo: false },
];

function baseURLOf(store: Store): string {
  const url = process.env[store.urlVariable];
  if (!url) throw new Error(`${store.urlVariable} is not set: run the e2e tests through \`npm run test:e2e\`.`);
  return url;
}

async function requestFor(store: Store, session: Session): Promise<APIRequestContext> {
  const baseURL = baseURLOf(store);
  const context = await request.newContext({
    baseURL,
    userAgent: BROWSER_UA,
    extraHTTPHeaders: { "CF-Connecting-IP": clientIpFor(`judges ${store.name} ${session} ${process.pid}`) },
  });
  if (session === "signed in") {
    const response = await context.post("/dashboard", {
      form: { intent: "login", passkey: ADMIN_PASSKEY },
      headers: { Origin: baseURL },
    });
    expect(await response.text(), "the judges' admin sign-in").toContain("Admin Dashboard");
  }
  return context;
}

type Discovery = { site: SiteMap; requests: Record<Session, APIRequestContext> };
// Discovered once per store and Playwright worker, shared by its tests; the judges' stores are never written.
const discoveries = new Map<Store, Promise<Discovery>>();
function discover(store: Store): Promise<Discovery> {
  let discovery = discoveries.get(store);
  if (!discovery) {
    discovery = (async () => {
      const requests = {
        "signed out": await requestFor(store, "signed out"),
        "signed in": await requestFor(store, "signed in"),
      };
      return { site: await discoverSite(requests, baseURLOf(store)), requests };
    })();
    discoveries.set(store, discovery);
  }
  return discovery;
}

for (const store of STORES) {
  test.describe(`outside judges on every discovered page, ${store.name}`, () => {
    // Each test walks every page; a minute per test is not enough on a 2-core machine.
    test.describe.configure({ timeout: 5 * 60_000 });

    test("every same-site link, image, script and style answers below 400", async () => {
      const { site } = await discover(store);
      const broken = SESSIONS.flatMap((session) =>
        [...site.crawls[session].values()]
          .filter((entry) => entry.status === 0 || entry.status >= 400)
          .map(
            (entry) => `${session}: ${entry.url} answered ${entry.status}, linked from ${entry.referrers.join("; ")}`,
          ),
      );
      expect(broken).toEqual([]);
      // With content, every route with an id is linked from somewhere, so a real instance is judged.
      if (store.demo) expect(site.unreached).toEqual([]);
      expect(site.crawls["signed out"].size).toBeGreaterThan(store.demo ? 50 : 20);
    });

    test("every page is valid HTML for the W3C Nu checker", async () => {
      const { site } = await discover(store);
      const documents = SESSIONS.flatMap((session) =>
        site.pages[session].map((page) => ({ name: `${session} ${page.url}`, html: page.html })),
      );
      const errors = await checkHtml(documents);
      expect(errors.map(describeHtmlError)).toEqual([]);
      expect(documents.length).toBeGreaterThan(20);
      console.log(
        `Judges, ${store.name}: ${site.pages["signed out"].length} pages signed out, ${site.pages["signed in"].length} signed in.`,
      );
    });

    for (const viewport of [PHONE, DESKTOP]) {
      for (const session of SESSIONS) {
        test(`axe finds nothing at ${viewport.width} px, ${session}`, async ({ browser }) => {
          const discovery = await discover(store);
          expect(await axeEveryPage(browser, store, discovery, session, viewport)).toEqual([]);
        });
      }
    }
  });
}

async function axeEveryPage(
  browser: Browser,
  store: Store,
  { site, requests }: Discovery,
  session: Session,
  viewport: { width: number; height: number },
): Promise<string[]> {
  const context = await browser.newContext({
    baseURL: baseURLOf(store),
    viewport,
    storageState: await requests[session].storageState(),
    extraHTTPHeaders: { "CF-Connecting-IP": clientIpFor(`judges axe ${store.name} ${session} ${viewport.width}`) },
  });
  const violations: string[] = [];
  try {
    const page = await context.newPage();
    for (const judged of site.pages[session]) {
      await page.goto(judged.url);
      await hydrated(page);
      // Only violations are reported, so axe need not collect every passing node.
      const results = await new AxeBuilder({ page })
        .withTags(AXE_TAGS)
        .options({ resultTypes: ["violations"] })
        .analyze();
      for (const violation of results.violations) {
        const where = violation.nodes.map((node) => node.target.join(" ")).join(", ");
        violations.push(`${judged.url}: ${violation.id} (${violation.impact}) ${violation.help} -> ${where}`);
      }
    }
  } finally {
    await context.close();
  }
  return violations;
}
