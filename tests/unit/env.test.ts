import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "~/platform/env.server";

const valid = {
  ADMIN_PASSKEY: "a-long-enough-passkey",
  SESSION_SECRET: "new-key-0123456789abcdef, old-key-0123456789abcdef",
  SITE_URL: "https://art.example",
  ENQUIRY_RECIPIENTS: "one@example.com, two@example.com",
  CONTACT_RECIPIENT: "contact@example.com",
  MAIL_FROM: "Website <no-reply@example.com>",
  MAILCHANNELS_API_KEY: "",
};

describe("parseEnv", () => {
  it("parses lists and treats empty optional secrets as absent", () => {
    const env = parseEnv(valid);
    expect(env.SESSION_SECRET).toEqual(["new-key-0123456789abcdef", "old-key-0123456789abcdef"]);
    expect(env.ENQUIRY_RECIPIENTS).toEqual(["one@example.com", "two@example.com"]);
    expect(env.MAILCHANNELS_API_KEY).toBeUndefined();
  });

  it("stops with a message naming each missing secret", () => {
    const { ADMIN_PASSKEY: _a, SESSION_SECRET: _s, ...rest } = valid;
    const error = (() => {
      try {
        parseEnv(rest);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(EnvError);
    expect((error as Error).message).toContain("ADMIN_PASSKEY is missing");
    expect((error as Error).message).toContain("wrangler secret put SESSION_SECRET");
  });

  it("refuses a passkey shorter than 16 characters, saying how to set it", () => {
    expect(() => parseEnv({ ...valid, ADMIN_PASSKEY: "  fifteen-chars  " })).toThrow(
      "ADMIN_PASSKEY is invalid (it needs at least 16 characters): set it in .dev.vars locally or with `npx wrangler secret put ADMIN_PASSKEY`.",
    );
    expect(parseEnv({ ...valid, ADMIN_PASSKEY: "sixteen-chars-ok" }).ADMIN_PASSKEY).toBe("sixteen-chars-ok");
  });

  it("rejects a malformed recipient list", () => {
    expect(() => parseEnv({ ...valid, ENQUIRY_RECIPIENTS: "not-an-address" })).toThrow(/ENQUIRY_RECIPIENTS is invalid/);
  });
});
