// A message goes one way (docs/architecture.md): stored, then e-mailed, then its outcome recorded, each step
// called from app/messages/deliver.server.ts. Read from the source, so a new import that sends the store to the
// mailer (or back) fails here, even one that imports only a type.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const FOLDER = "app/messages";
/** Reads and writes D1. */
const STORE = ["queries.server", "replies.server"];
/** Builds and sends e-mail. */
const MAILERS = ["mail.server", "reply-mail.server", "digest-mail.server", "notice-mail.server"];
/** The one module that calls both. */
const ORCHESTRATOR = "deliver.server";
/** The mailing list's e-mails (confirmations, announcements) are built with the mailer's parts too, and sent through the orchestrator. */
const LIST_MAILERS = ["app/mailing-list/mail.server.ts", "app/mailing-list/announcement-mail.server.ts"];
/** A sale's receipt goes the same way: its store, its mailer (built with the mailer's parts), its orchestrator. */
const RECEIPT = {
  store: "app/sales/receipts.server.ts",
  mailer: "app/sales/receipt-mail.server.ts",
  orchestrator: "app/sales/send-receipt.server.ts",
};

const moduleName = (file: string) => file.replace(/\.tsx?$/, "");
const sourceFiles = (folder: string): string[] =>
  readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(folder, entry.name))
      : /\.tsx?$/.test(entry.name)
        ? [join(folder, entry.name)]
        : [],
  );

/** Every module a file names in `from "..."` or `import("...")`, type-only imports included. */
function importsOf(path: string): string[] {
  const source = readFileSync(path, "utf8");
  return [...source.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*)["']([^"']+)["']/g)].map((match) => match[1]!);
}

/** The modules of app/messages a module imports: "~/messages/x" and "./x" both as "x". */
function messageImports(name: string): string[] {
  const file = readdirSync(FOLDER).find((entry) => moduleName(entry) === name)!;
  return importsOf(join(FOLDER, file)).flatMap((spec) => {
    const match = /^(?:~\/messages\/|\.\/)([^/]+)$/.exec(spec);
    return match ? [match[1]!.replace(/\.tsx?$/, "")] : [];
  });
}

const MODULES = readdirSync(FOLDER)
  .filter((file) => /\.tsx?$/.test(file))
  .map(moduleName);
const GRAPH = new Map(MODULES.map((name) => [name, messageImports(name)]));

/** Every module `name` reaches through its imports, itself excluded unless a circle leads back to it. */
function reached(name: string): Set<string> {
  const seen = new Set<string>();
  const walk = (from: string) => {
    for (const next of GRAPH.get(from) ?? []) {
      if (seen.has(next)) continue;
      seen.add(next);
      walk(next);
    }
  };
  walk(name);
  return seen;
}

describe("the message path", () => {
  it("names modules that exist", () => {
    for (const name of [...STORE, ...MAILERS, ORCHESTRATOR]) expect(MODULES).toContain(name);
  });

  it("has no import circle in app/messages, type-only imports included", () => {
    const circles = MODULES.filter((name) => reached(name).has(name));
    expect(circles).toEqual([]);
  });

  it("the store never reaches a mailer or the orchestrator", () => {
    for (const store of STORE) {
      const reach = [...reached(store)];
      expect(
        reach.filter((name) => MAILERS.includes(name) || name === ORCHESTRATOR),
        store,
      ).toEqual([]);
    }
  });

  it("a mailer never reaches the store or the orchestrator, and reads nothing from D1", () => {
    for (const mailer of MAILERS) {
      const reach = [...reached(mailer)];
      expect(
        reach.filter((name) => STORE.includes(name) || name === ORCHESTRATOR),
        mailer,
      ).toEqual([]);
      const file = readdirSync(FOLDER).find((entry) => moduleName(entry) === mailer)!;
      const outside = importsOf(join(FOLDER, file)).filter((spec) => /queries\.server|db\.server/.test(spec));
      expect(outside, mailer).toEqual([]);
    }
  });

  it("only the orchestrator (and the mailers among themselves) imports a mailer, anywhere in app/", () => {
    const importers = sourceFiles("app").filter((path) =>
      importsOf(path).some((spec) =>
        MAILERS.some((mailer) => spec === `~/messages/${mailer}` || spec === `./${mailer}`),
      ),
    );
    const allowed = [
      ...[ORCHESTRATOR, ...MAILERS].map((name) => join(FOLDER, `${name}.ts`)),
      RECEIPT.mailer,
      ...LIST_MAILERS,
    ];
    expect(importers.filter((path) => !allowed.includes(path))).toEqual([]);
  });

  it("the mailing list's mailers read no D1 and send nothing themselves", () => {
    for (const mailer of LIST_MAILERS) {
      expect(
        importsOf(mailer).filter((spec) => /(queries|db|deliver|subscribe)\.server/.test(spec)),
        mailer,
      ).toEqual([]);
    }
  });

  it("a receipt goes the same way: its mailer reads no D1, its store sends nothing, one module calls both", () => {
    const mailerImports = importsOf(RECEIPT.mailer);
    expect(mailerImports.filter((spec) => /(queries|receipts|db|deliver)\.server/.test(spec))).toEqual([]);
    const storeImports = importsOf(RECEIPT.store);
    expect(storeImports.filter((spec) => /mail\.server|deliver\.server|send-receipt/.test(spec))).toEqual([]);
    const callers = sourceFiles("app").filter((path) =>
      importsOf(path).some((spec) => spec === "~/sales/receipt-mail.server"),
    );
    expect(callers).toEqual([RECEIPT.orchestrator]);
  });
});
