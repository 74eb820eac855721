// The layer rule of eslint.config.js (docs/layers.md), run as `npm run lint` runs it, on imports written
// into files that do not exist: each floor may import down and the sideways docs/layers.md lists, nothing else.
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: process.cwd() });

async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId?.startsWith("boundaries/"))
    .map((message) => message.message);
}

describe("layers", () => {
  // The first run loads the TypeScript parser and resolver: seconds, not a test's.
  beforeAll(() => layerErrors("app/ui/warm-up.ts", "export {};\n"), 60_000);

  it.each([
    ["app/platform/example.ts", 'import { FORM_MAX_BYTES } from "~/forms/limits";', "platform may not import forms"],
    ["app/platform/example.ts", 'import { FORM_MAX_BYTES } from "../forms/limits";', "platform may not import forms"],
    ["app/ui/example.ts", 'import { artworkPath } from "~/artworks/path";', "ui may not import artworks"],
    [
      "app/artworks/example.ts",
      'import { requireAdmin } from "~/admin/guard.server";',
      "artworks may not import admin",
    ],
    ["app/artworks/example.ts", 'import { contactSchema } from "~/messages/form";', "artworks may not import messages"],
    ["app/images/example.ts", 'import { artworkPath } from "~/artworks/path";', "images may not import artworks"],
    ["app/forms/example.ts", 'import { loader } from "~/root";', "forms may not import app"],
    ["app/admin/example.ts", 'import { loader } from "~/routes/dashboard";', "admin may not import app"],
  ])("%s: %s fails the lint", async (filePath, code, message) => {
    expect(await layerErrors(filePath, `${code}\nexport const used = [${code.match(/\{ (\w+) \}/)![1]}];\n`)).toEqual([
      `${message}: imports point down the floors of docs/layers.md`,
    ]);
  });

  it.each([
    ["app/routes/example.tsx", 'import { requireAdmin } from "~/admin/guard.server";'],
    ["app/admin/example.ts", 'import { artworkPath } from "~/artworks/path";'],
    ["app/messages/example.ts", 'import { artworkPath } from "~/artworks/path";'],
    ["app/events/example.ts", 'import { artworks } from "~/artworks/schema";'],
    ["app/artworks/example.ts", 'import { imageSrc } from "~/images/references";'],
    ["app/images/example.ts", 'import { imageTag } from "~/public-cache/tags";'],
    ["app/forms/example.ts", 'import { clientIp } from "~/platform/client-ip";'],
    ["app/ui/example.ts", 'import { NOT_STORED } from "~/platform/cache-control";'],
  ])("%s: %s passes", async (filePath, code) => {
    expect(await layerErrors(filePath, `${code}\nexport const used = [${code.match(/\{ (\w+) \}/)![1]}];\n`)).toEqual(
      [],
    );
  });

  it("a new folder of app/ stands on the top floor until it is given one (like root.tsx, which forms may not import)", async () => {
    const code = 'import { requireAdmin } from "~/admin/guard.server";\nexport const used = [requireAdmin];\n';
    expect(await layerErrors("app/newthing/example.ts", code)).toEqual([]);
  });

  it("nothing in app/ imports the Worker around it", async () => {
    expect(
      await layerErrors(
        "app/platform/example.ts",
        'import { getLoadContext } from "../../load-context";\nexport const used = [getLoadContext];\n',
      ),
    ).toHaveLength(1);
  });
});

describe("the framework's public API only", () => {
  const restricted = async (filePath: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath });
    return (result?.messages ?? []).filter((message) => message.ruleId === "no-restricted-imports").length;
  };

  it.each([
    'import { UNSAFE_ErrorResponseImpl as E } from "@remix-run/router";\nexport const used = [E];\n',
    'import { matchRoutes } from "@remix-run/router";\nexport const used = [matchRoutes];\n',
    'import { decode } from "turbo-stream";\nexport const used = [decode];\n',
    'import { UNSAFE_RemixContext } from "@remix-run/react";\nexport const used = [UNSAFE_RemixContext];\n',
  ])("refuses %s under app/", async (code) => {
    expect(await restricted("app/images/example.ts", code)).toBeGreaterThan(0);
  });

  it("allows the public re-export", async () => {
    const code = 'import { matchRoutes } from "@remix-run/react";\nexport const used = [matchRoutes];\n';
    expect(await restricted("app/platform/example.ts", code)).toBe(0);
  });
});
