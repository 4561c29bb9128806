import { spawn } from "node:child_process";

/**
 * Holds an flock(1) lock file until released: the e2e journeys of other people rebuild web/dist
 * under /tmp/e2e.lock, so the web part builds and measures only while holding it.
 */
export async function holdLock(file: string, say: (line: string) => void): Promise<() => void> {
  const child = spawn("flock", [file, "-c", "echo locked; cat > /dev/null"], { stdio: ["pipe", "pipe", "inherit"] });
  const waiting = setTimeout(() => say(`  waiting for ${file} (someone else is building or running e2e)…`), 2_000);
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (d) => String(d).includes("locked") && resolve());
    child.once("exit", (code) => reject(new Error(`flock ${file} exited with ${code}`)));
  });
  clearTimeout(waiting);
  return () => child.stdin!.end();
}
