import { startBenchServer } from "../lib/server";
import { Sessions } from "../lib/http";
import { measure } from "../lib/loadgen";
import { CpuMeter } from "../lib/cpu";
import { load1 } from "../lib/stats";
const url = process.env.DB!;
const db = { backend: "postgres" as const, dataDir: process.env.DIR!, url, drop: async () => {} };
const server = await startBenchServer(db);
try {
  const token = await new Sessions(server.url).token("bench.admin.1@example.com");
  for (const status of ["pending", "open"]) {
    const path = `/tickets?pageNumber=1&showAll=true&queueIds=${encodeURIComponent("[1,2]")}&status=${status}`;
    const meter = new CpuMeter(server.pid, url);
    const r = await measure({ url: server.url, token, connections: 10, nextPath: () => path }, 2, 10, meter);
    console.log(`${process.env.LABEL} ${status}: ${r.rps} req/s p50 ${r.p50} p95 ${r.p95} p99 ${r.p99} cpu/req ${JSON.stringify(r.cpuMsPerRequest)} load ${load1()}`);
  }
} finally { await server.stop(); }
process.exit(0);
