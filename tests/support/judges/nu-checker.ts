// The W3C Nu HTML Checker (vnu.jar from the `vnu-jar` package), errors only: the validator outside
// judges use. One Java process checks every document at once, since starting Java costs a second or two.
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import vnuJar from "vnu-jar";

export type HtmlError = { document: string; line?: number; column?: number; message: string; extract?: string };

type NuMessage = {
  type: string;
  url?: string;
  lastLine?: number;
  firstColumn?: number;
  message: string;
  extract?: string;
};

/** Checks each document's HTML; `name` is how an error refers to it (e.g. the page's URL). */
export async function checkHtml(documents: { name: string; html: string }[]): Promise<HtmlError[]> {
  if (documents.length === 0) return [];
  const dir = await mkdtemp(join(tmpdir(), "nu-check-"));
  try {
    const files = await Promise.all(
      documents.map(async (document, index) => {
        const file = join(dir, `document-${index}.html`);
        await writeFile(file, document.html);
        return file;
      }),
    );
    const report = await runNu(files);
    const nameOf = new Map(files.map((file, index) => [`file:${file}`, documents[index]!.name]));
    return report
      .filter((message) => message.type === "error" || message.type === "non-document-error")
      .map((message) => ({
        document: (message.url && nameOf.get(message.url)) ?? message.url ?? "(checker)",
        line: message.lastLine,
        column: message.firstColumn,
        message: message.message,
        extract: message.extract,
      }));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function runNu(files: string[]): Promise<NuMessage[]> {
  const jar = String(vnuJar);
  return new Promise((resolve, reject) => {
    execFile(
      "java",
      ["-jar", jar, "--errors-only", "--exit-zero-always", "--format", "json", ...files],
      { maxBuffer: 64 * 1024 * 1024 },
      (error, _stdout, stderr) => {
        if (error && (error as NodeJS.ErrnoException).code === "ENOENT") {
          reject(
            new Error("The Nu HTML checker needs Java: apt-get install -y default-jre-headless (or any Java 11+)."),
          );
          return;
        }
        if (error) {
          reject(new Error(`The Nu HTML checker failed: ${error.message}\n${stderr}`));
          return;
        }
        try {
          resolve((JSON.parse(stderr) as { messages: NuMessage[] }).messages);
        } catch {
          reject(new Error(`The Nu HTML checker answered something other than JSON:\n${stderr.slice(0, 2000)}`));
        }
      },
    );
  });
}

/** One line per error, for a test failure that says where to look. */
export function describeHtmlError(error: HtmlError): string {
  const at = error.line ? ` (line ${error.line}, column ${error.column})` : "";
  return `${error.document}${at}: ${error.message}${error.extract ? ` near ${JSON.stringify(error.extract)}` : ""}`;
}
