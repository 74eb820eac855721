// Runs one of the README's commands as a new user would, in the project's folder (the e2e tests, the
// bench). Asynchronously: a fake the command talks to may be served by this very process.
import { spawn } from "node:child_process";
import { ROOT } from "./root";

/** The command's exit status and everything it printed. */
export function npmRunResult(script: string, ...args: string[]): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn("npm", ["run", "--silent", script, "--", ...args], { cwd: ROOT });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, output }));
  });
}

/** What the command printed; it must succeed. */
export async function npmRun(script: string, ...args: string[]): Promise<string> {
  const { status, output } = await npmRunResult(script, ...args);
  if (status !== 0) throw new Error(`npm run ${script} failed (${status}):\n${output}`);
  return output;
}
