// Runs in Node before the worker tests: whole requests go through the production build, so a build
// older than the sources is rebuilt first (npm test has just built it, so this costs nothing there).
import { ensureBuild } from "../../scripts/lib/served-build";

export default function setup(): void {
  ensureBuild();
}
