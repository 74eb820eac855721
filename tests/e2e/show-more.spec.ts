// "Show more" on a public list, in a browser with the app running: the cards shown stay, the next page's
// cards join them, and focus lands on the first new card, so a keyboard or screen reader user goes on
// from there. The worker tests check the pages' HTML; only a browser shows what the app does between them.
import { ADMIN_PASSKEY, expect, hydrated, PHONE, test } from "./fixtures";

test.use({ viewport: PHONE });

// One more than "Show more events" holds back (EVENTS_PAGE_SIZE is 12), whatever else the store has.
const OWN_EVENTS = 13;

test("Show more events, pressed from the keyboard, keeps the cards shown, adds the next ones and focuses the first new one", async ({
  page,
  baseURL,
}) => {
  const stamp = Date.now();
  const signIn = await page.request.post("/dashboard", {
    form: { intent: "login", passkey: ADMIN_PASSKEY },
    headers: { Origin: baseURL! },
  });
  expect(await signIn.text()).toContain("Admin Dashboard");
  for (let i = 1; i <= OWN_EVENTS; i++) {
    const created = await page.request.post("/create-event", {
      form: {
        intent: "save",
        name: `Open Studio ${stamp} no. ${i}`,
        description: "Paintings in progress.",
        date: `2039-03-${String(i).padStart(2, "0")}`,
        location: "Chapel Allerton, Leeds",
      },
      headers: { Origin: baseURL! },
    });
    expect(await created.text()).toContain("Event created successfully!");
  }
  // A visitor's browser: no session, and pages come from the public cache as shipped.
  await page.context().clearCookies();

  await page.goto("/events");
  await hydrated(page);
  const cards = page.getByRole("article");
  await expect(cards).toHaveCount(12);
  const firstCard = await cards.first().textContent();

  const showMore = page.getByRole("link", { name: "Show more events" });
  await showMore.focus();
  await page.keyboard.press("Enter");

  const firstNew = page.locator("#event-at-13");
  await expect(firstNew).toBeFocused();
  await expect(page).toHaveURL(/\/events\?page=2#event-at-13$/);
  expect(await cards.count()).toBeGreaterThan(12);
  await expect(cards.first()).toHaveText(firstCard!);
  // The focused card is seen where it is, not behind the bottom of the screen.
  await expect(firstNew).toBeInViewport();
});
