import { performance } from "node:perf_hooks";
import { loadConfig } from "/work/main/server/src/config";
import { buildApp } from "/work/main/server/src/app";
import { buildDataset, BENCH_PASSWORD } from "/work/main/bench/dataset/build";
import { createBenchDatabase } from "/work/main/bench/lib/databases";
import { request } from "/work/main/bench/lib/http";

const database = await createBenchDatabase("postgres", "postgres://postgres@127.0.0.1:5432", false);
try {
  const { manifest } = await buildDataset("small", database, () => undefined);
  const config = loadConfig({ DATA_DIR: database.dataDir, DATABASE_URL: database.url, ADMIN_PASSWORD: BENCH_PASSWORD, LOG_LEVEL: "warn" });
  const built = await buildApp(config, { logger: false, jobs: false });
  await built.app.listen({ port: 0, host: "127.0.0.1" });
  const base = `http://127.0.0.1:${(built.app.server.address() as { port: number }).port}`;
  const c = manifest.companies[0]; const w = c.whatsapps[0];
  const N = Number(process.env.N ?? 400);
  let i = 0;
  const send = () => request(base, "POST", `/sandbox/${w.id}/inbound`, { id: `P-${i}`, number: i % 2 ? c.contactNumbers[i % c.contactNumbers.length] : `55970${String(i).padStart(8, "0")}`, body: `Olá ${i++}` }, w.token);
  for (let k = 0; k < 50; k++) await send();
  const cpu0 = process.cpuUsage(); const t0 = performance.now();
  await Promise.all(Array.from({ length: 16 }, async () => { while (i < N + 50) await send(); }));
  const cpu = process.cpuUsage(cpu0); const el = performance.now() - t0;
  console.log(`node process CPU per message: ${((cpu.user + cpu.system) / 1000 / N).toFixed(2)} ms (user ${(cpu.user/1000/N).toFixed(2)}), wall ${(el / N).toFixed(2)} ms/msg, ${(N / el * 1000).toFixed(0)} msg/s`);
  await built.close();
} finally { await database.drop(); }
process.exit(0);
