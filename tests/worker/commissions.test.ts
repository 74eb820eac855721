// The commissions page through the whole Worker: what she paints to order, a price guide, the steps, and the
// ways to it (the footer, the About page's Custom Work card, the Shop's Custom tab).
import { describe, expect, it } from "vitest";
import { DEMO_COMMISSIONS } from "~/commissions/content";
import { fetchApp } from "./helpers";

const html = async (path: string) => {
  const response = await fetchApp(path);
  expect(response.status, path).toBe(200);
  return response.text();
};

describe("/commissions", () => {
  it("shows the subjects, the price guide by size, the lead time and the steps", async () => {
    const page = await html("/commissions");
    expect(page).toContain("<h1");
    for (const subject of DEMO_COMMISSIONS.subjects) expect(page).toContain(subject.title);
    expect(page).toMatch(/<th scope="row">20 × 20 cm<\/th><td>£150<\/td>/);
    expect(page).toMatch(/<th scope="row">60 × 80 cm<\/th><td>£750<\/td>/);
    expect(page).toContain("four to eight weeks");
    expect(page).toMatch(/<ol class="commissions__steps">(<li>.*?<\/li>){4}<\/ol>/);
    expect(page).toContain('href="/commissions/request"');
  });

  it("is reached from every page's footer, the About page's Custom Work card and the Shop's Custom tab", async () => {
    expect(await html("/")).toMatch(/<a[^>]*href="\/commissions"[^>]*>Commissions<\/a>/);
    expect(await html("/about")).toMatch(/href="\/commissions"[^>]*>(?:(?!<\/a>).)*Custom Work/);
    const custom = await html("/gallery?category=custom");
    expect(custom).toMatch(/See how commissions work/);
    expect(await html("/gallery?category=oil")).not.toMatch(/See how commissions work/);
  });
});
