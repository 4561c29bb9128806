import path from "node:path";
import { fileURLToPath } from "node:url";
import { ConfigError, loadConfig } from "./config";
import { DatabaseError } from "./db/client";
import { checkRoleNeeds } from "./deploymentConfig";
import { buildApp } from "./app";
import { safeMessage } from "./logging";

const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../web/dist");

async function main() {
  const config = loadConfig();
  checkRoleNeeds(config);
  const built = await buildApp(config, { webDist });
  if (built.generatedAdminPassword) {
    // Printed once, on the first start only; it is not stored anywhere in clear text.
    process.stdout.write(`\n  First start: super admin ${config.adminEmail} / password ${built.generatedAdminPassword}\n  (set ADMIN_PASSWORD to choose it; change it after signing in)\n\n`);
  }
  await built.app.listen({ port: config.port, host: config.host });
  const address = built.app.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  process.stdout.write(`Balcão is listening on http://localhost:${port} (role: ${config.role}, database: ${built.ctx.database.kind})\n`);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    built.app.log.info({ signal }, "shutting down");
    await built.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DatabaseError) {
    process.stderr.write(`balcao: ${err.message}\n`);
  } else if ((err as NodeJS.ErrnoException).code === "EADDRINUSE") {
    process.stderr.write(`balcao: port already in use (${(err as Error).message})\n`);
  } else {
    process.stderr.write(`balcao: failed to start: ${safeMessage((err as Error).message)}\n`);
  }
  process.exit(1);
});
