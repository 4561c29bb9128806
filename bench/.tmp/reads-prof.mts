import { performance } from "node:perf_hooks";
import { loadConfig } from "../../server/src/config";
import { buildApp } from "../../server/src/app";
import { buildDataset, BENCH_PASSWORD } from "../dataset/build";
import { createBenchDatabase } from "../lib/databases";
import { api, request } from "../lib/http";

const database = await createBenchDatabase("postgres", "postgres://postgres@127.0.0.1:5432", false);
try {
  const { manifest } = await buildDataset((process.env.SIZE ?? "small") as "small", database, () => undefined);
  const config = loadConfig({ DATA_DIR: database.dataDir, DATABASE_URL: database.url, ADMIN_PASSWORD: BENCH_PASSWORD, LOG_LEVEL: "warn" });
  const built = await buildApp(config, { logger: false, jobs: false });
  await built.app.listen({ port: 0, host: "127.0.0.1" });
  const base = `http://127.0.0.1:${(built.app.server.address() as { port: number }).port}`;
  const c = manifest.companies[0];
  const token = (await api(base, "POST", "/auth/login", { email: c.adminEmail, password: BENCH_PASSWORD })).token;
  const path = `/tickets?pageNumber=1&showAll=true&queueIds=${encodeURIComponent(JSON.stringify(c.queueIds))}&status=${process.env.STATUS ?? "pending"}`;
  const N = 1000;
  for (let k = 0; k < 100; k++) await request(base, "GET", path, undefined, token);
  let i = 0; const cpu0 = process.cpuUsage(); const t0 = performance.now();
  await Promise.all(Array.from({ length: 10 }, async () => { while (i++ < N) await request(base, "GET", path, undefined, token); }));
  const cpu = process.cpuUsage(cpu0); const el = performance.now() - t0;
  console.log(`node CPU per request ${((cpu.user + cpu.system) / 1000 / N).toFixed(2)} ms, ${(N / el * 1000).toFixed(0)} req/s`);
  await built.close();
} finally { await database.drop(); }
process.exit(0);
