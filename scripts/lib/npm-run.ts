// Runs one of the README's commands as a new user would, in the project's folder (the e2e tests, the
// bench). Asynchronously: a fake the command talks to may be served by this very process.
import { spawn } from "node:child_process";
import { ROOT } from "./root";

export type NpmRunResult = { status: number | null; output: string; stdout: string; stderr: string };

/** The command's exit status and everything it printed (`output`: both streams, as they came). */
export function npmRunResult(script: string, ...args: string[]): Promise<NpmRunResult> {
  return npmRunWith({}, script, ...args);
}

/** As npmRunResult, with these environment variables added to the command's. */
export function npmRunWith(env: Record<string, string>, script: string, ...args: string[]): Promise<NpmRunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn("npm", ["run", "--silent", script, "--", ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
    });
    const result = { output: "", stdout: "", stderr: "" };
    const take = (stream: "stdout" | "stderr") => (chunk: Buffer) => {
      result.output += chunk;
      result[stream] += chunk;
    };
    child.stdout.on("data", take("stdout"));
    child.stderr.on("data", take("stderr"));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, ...result }));
  });
}

/** What the command printed; it must succeed. */
export async function npmRun(script: string, ...args: string[]): Promise<string> {
  const { status, output } = await npmRunResult(script, ...args);
  if (status !== 0) throw new Error(`npm run ${script} failed (${status}):\n${output}`);
  return output;
}
