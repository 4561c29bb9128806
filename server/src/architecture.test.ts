import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cruise, type ICruiseResult, type IConfiguration } from "dependency-cruiser";

const config: IConfiguration = createRequire(import.meta.url)("../../.dependency-cruiser.cjs");

/** A tiny tree with one breach of each layering rule, and the allowed shapes beside them. */
const FIXTURE: Record<string, string> = {
  // infrastructure reaching into a module, and a cycle inside the module
  "server/src/channels/inbound.ts": `import { present } from "../modules/tickets/present";\nexport const inbound = present;`,
  "server/src/modules/tickets/present.ts": `import { helper } from "./helper";\nexport const present = () => helper;`,
  "server/src/modules/tickets/helper.ts": `import { present } from "./present";\nexport const helper = () => present;`,
  // allowed: a module uses infrastructure, and types only through the app context form no cycle
  "server/src/modules/tickets/service.ts": `import { contract } from "../../channels/contract";\nimport type { AppContext } from "../../context";\nexport const run = (ctx: AppContext) => contract(ctx);`,
  "server/src/channels/contract.ts": `import type { AppContext } from "../context";\nexport const contract = (ctx: AppContext) => ctx;`,
  "server/src/context.ts": `import type { run } from "./modules/tickets/service";\nexport interface AppContext { run?: typeof run }`,
  // production code importing a test file
  "server/src/modules/tags/service.ts": `import { sample } from "./tags.test";\nexport const tags = sample;`,
  "server/src/modules/tags/tags.test.ts": `export const sample = 1;`,
  // common importing a side
  "common/src/index.ts": `import { tags } from "../../server/src/modules/tags/service";\nexport const shared = tags;`,
  // a page importing another page's hook; allowed: a shared hook and its own hook
  "web/src/pages/Alpha/AlphaPage.tsx": `import { useBeta } from "../Beta/useBeta";\nimport { useShared } from "../../hooks/useShared";\nimport { useAlpha } from "./useAlpha";\nexport const AlphaPage = () => [useBeta(), useShared(), useAlpha()];`,
  "web/src/pages/Alpha/useAlpha.ts": `export const useAlpha = () => 1;`,
  "web/src/pages/Beta/useBeta.ts": `export const useBeta = () => 2;`,
  "web/src/hooks/useShared.ts": `export const useShared = () => 3;`,
  // a component using a page's hook
  "web/src/components/Widget.tsx": `import { useAlpha } from "../pages/Alpha/useAlpha";\nexport const Widget = () => useAlpha();`,
};

let root: string;
let result: ICruiseResult;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "layering-"));
  for (const [file, text] of Object.entries(FIXTURE)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
  const { tsConfig: _readByTheCli, ...options } = config.options ?? {};
  const reported = await cruise(["common/src", "server/src", "web/src"], { ...options, ruleSet: { forbidden: config.forbidden }, validate: true, baseDir: root });
  result = reported.output as ICruiseResult;
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("layering rules", () => {
  it("report each breach of the fixture and nothing it allows", () => {
    // a cycle is reported once, from whichever of its modules the cruise met first
    const found = result.summary.violations.map((v) => (v.rule.name === "no-circular" ? `no-circular: ${[v.from, v.to].sort().join(" ↔ ")}` : `${v.rule.name}: ${v.from} → ${v.to}`)).sort();
    expect(found).toEqual(
      [
        "common-stands-alone: common/src/index.ts → server/src/modules/tags/service.ts",
        "infrastructure-not-to-modules: server/src/channels/inbound.ts → server/src/modules/tickets/present.ts",
        "no-circular: server/src/modules/tickets/helper.ts ↔ server/src/modules/tickets/present.ts",
        "no-test-code-in-production: server/src/modules/tags/service.ts → server/src/modules/tags/tags.test.ts",
        "page-not-to-another-page: web/src/pages/Alpha/AlphaPage.tsx → web/src/pages/Beta/useBeta.ts",
        "shared-hooks-in-hooks-folder: web/src/components/Widget.tsx → web/src/pages/Alpha/useAlpha.ts",
        "shared-hooks-in-hooks-folder: web/src/pages/Alpha/AlphaPage.tsx → web/src/pages/Beta/useBeta.ts",
      ].sort(),
    );
    expect(result.summary.error).toBe(found.length);
  });
});
