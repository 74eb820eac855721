// /contact as whole requests through the Worker and the production build, against the real local D1.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/platform/db.server";
import { messages } from "~/messages/schema";
import { SITE } from "~/ui/site";
import { fetchApp, ORIGIN } from "./helpers";
import { freshClientIp } from "../support/addresses";

const database = db(env);

function submit(fields: Record<string, string>, path = "/contact"): Promise<Response> {
  return fetchApp(path, {
    method: "POST",
    headers: { Origin: ORIGIN, "CF-Connecting-IP": freshClientIp() },
    body: new URLSearchParams(fields),
  });
}

function storedFrom(email: string) {
  return database.select().from(messages).where(eq(messages.email, email));
}

describe("/contact", () => {
  it("shows the contact details, the form and the social links", async () => {
    const response = await fetchApp("/contact");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(">Get In Touch</h1>");
    expect(html).toContain(`href="mailto:${SITE.email}"`);
    expect(html).toContain("Available upon request");
    expect(html).toContain("Leeds, United Kingdom");
    expect(html).toContain(">Send a Message</h2>");
    expect(html).toContain("Your Name");
    expect(html).toContain("Email Address");
    expect(html).toMatch(/<input[^>]*type="email"[^>]*name="email"|<input[^>]*name="email"[^>]*type="email"/);
    expect(html).toMatch(/<textarea[^>]*name="message"[^>]*required/);
    expect(html).toContain(">Send Message</button>");
    expect(html).toContain('aria-label="Instagram (opens in a new tab)"');
    expect(html).toContain('aria-label="Facebook (opens in a new tab)"');
    expect(html).toMatch(/<form[^>]*method="post"[^>]*action="\/contact"/);
    expect(html).toContain('<link rel="canonical" href="https://art.example/contact"/>');
    expect(html).toContain("<title>Contact | Amara Okoye Art</title>");
  });

  it("stores a valid message as a contact message and says it was sent", async () => {
    const response = await submit({
      name: " Ada Lovelace ",
      email: "ada@example.com ",
      message: " Do you take commissions? ",
    });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Message sent successfully!");
    // The form starts empty again.
    expect(html).not.toContain("Do you take commissions?");

    const rows = await storedFrom("ada@example.com");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: "contact",
      // Stored first; delivery through MailChannels runs after the response.
      status: expect.stringMatching(/^(pending|sending|sent)$/),
      name: "Ada Lovelace",
      message: "Do you take commissions?",
      artworkId: null,
      address: null,
    });
  });

  it("rejects an invalid e-mail address with 400, its message and everything typed kept", async () => {
    const response = await submit({ name: "Bad Address", email: "not-an-email", message: "Please reply" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Please enter a valid email address, like name@example.com.");
    expect(html).toMatch(/<input[^>]*name="name"[^>]*value="Bad Address"/);
    expect(html).toMatch(/<input[^>]*name="email"[^>]*value="not-an-email"/);
    expect(html).toMatch(/<textarea[^>]*name="message"[^>]*>Please reply<\/textarea>/);
    expect(html).toMatch(
      /<input[^>]*aria-invalid="true"[^>]*name="email"|<input[^>]*name="email"[^>]*aria-invalid="true"/,
    );
    expect(html).not.toContain("Message sent successfully!");
    expect(await storedFrom("not-an-email")).toHaveLength(0);
  });

  it("never reads more than its cap of a body, whatever type it claims (a 1 MB stream, sent in 8 KB chunks)", async () => {
    for (const type of ["Multipart/Form-Data; boundary=x", "application/x-www-form-urlencoded", "text/plain"]) {
      let pulled = 0;
      const chunk = new TextEncoder().encode("message=" + "x".repeat(8 * 1024 - 8));
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (pulled >= 1024 * 1024) return controller.close();
          pulled += chunk.length;
          controller.enqueue(chunk);
        },
      });
      const response = await fetchApp("/contact", {
        method: "POST",
        headers: { Origin: ORIGIN, "CF-Connecting-IP": freshClientIp(), "Content-Type": type },
        body,
        duplex: "half",
      } as RequestInit);
      // A form is cut at the Worker's cap (413); a body that is not a form, or a multipart body without
      // its boundary, is given up on at once (400).
      expect(response.status, type).toBe(type === "application/x-www-form-urlencoded" ? 413 : 400);
      expect(pulled, type).toBeLessThan(192 * 1024);
    }
  });

  it("rejects blank or missing fields with 400 and a message for each", async () => {
    const cases: Record<string, string>[] = [{ name: "  ", email: "", message: "\n" }, {}];
    for (const fields of cases) {
      const response = await submit(fields);
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(html).toContain("Please enter your name.");
      expect(html).toContain("Please enter your email address.");
      expect(html).toContain("Please enter a message.");
    }
  });

  it("answers the fetcher's data request: 200 and stored, or 400 with the field message", async () => {
    const ok = await submit({ name: "Script", email: "script@example.com", message: "Via fetcher" }, "/contact.data");
    expect(ok.status).toBe(200);
    expect(await storedFrom("script@example.com")).toHaveLength(1);

    const bad = await submit({ name: "Script", email: "nope", message: "Via fetcher" }, "/contact.data");
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Please enter a valid email address");
  });

  it("keeps what was typed and says so when the message cannot be stored", async () => {
    await env.DB.exec("ALTER TABLE messages RENAME TO messages_unavailable");
    try {
      const response = await submit({ name: "Unlucky", email: "unlucky@example.com", message: "Lost words" });
      expect(response.status).toBe(503);
      const html = await response.text();
      expect(html).toContain("Failed to send message. Please try again.");
      expect(html).toMatch(/<textarea[^>]*name="message"[^>]*>Lost words<\/textarea>/);
      expect(html).toMatch(/<input[^>]*name="email"[^>]*value="unlucky@example.com"/);
      expect(html).not.toContain("Message sent successfully!");
    } finally {
      await env.DB.exec("ALTER TABLE messages_unavailable RENAME TO messages");
    }
    expect(await storedFrom("unlucky@example.com")).toHaveLength(0);
  });
});
