// Signing in to a served build with the committed example passkey (.dev.vars.example), for the bench's
// measurements of the artist's own pages and actions.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./root";

/** The Cookie header of a fresh admin session on `baseURL`. */
export async function signInLocally(baseURL: string): Promise<string> {
  const passkey = /^ADMIN_PASSKEY=(.*)$/m.exec(readFileSync(join(ROOT, ".dev.vars.example"), "utf8"))?.[1] ?? "";
  const response = await fetch(`${baseURL}/dashboard`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: baseURL },
    body: new URLSearchParams({ intent: "login", passkey }),
  });
  await response.arrayBuffer();
  const cookie = response.headers
    .getSetCookie()
    .map((each) => each.split(";")[0])
    .join("; ");
  if (!cookie) throw new Error(`Signing in to ${baseURL} failed: ${response.status}`);
  return cookie;
}
