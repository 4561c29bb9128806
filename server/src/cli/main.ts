import { runCli } from "./program";

// `npx balcao <command>`: scripts/balcao.mjs starts this file
const code = await runCli(process.argv.slice(2), {
  env: process.env,
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
});
process.exitCode = code;
// a client still open (an S3 agent, a pool's socket) must not keep the command running after its work
setTimeout(() => process.exit(code), 1_000).unref();
