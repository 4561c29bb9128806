// Layering rules checked by `npm run lint:deps` (part of `npm test`); any breach fails it.
const INFRASTRUCTURE = "^server/src/(channels|realtime|jobs|db|events|http|media|lib)/";
const TEST_CODE = "(\\.test\\.tsx?$|^server/src/test/|^server/src/contract/|^server/src/channels/baileys/(fakeSocket|fixtures)\\.ts$)";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "A cycle makes modules load in a fragile order and couples them both ways; break it with an event or a smaller module.",
      from: { path: "^(common|server|web)/" },
      // AppContext names every service's type (type-only imports) and so closes no real cycle
      to: { circular: true, viaOnly: { pathNot: "^server/src/context\\.ts$" } },
    },
    {
      name: "infrastructure-not-to-modules",
      severity: "error",
      comment: "Infrastructure (channels, realtime, jobs, db, events, http, media, lib) is used by modules, never the reverse: move the helper down or publish an event.",
      from: { path: INFRASTRUCTURE, pathNot: TEST_CODE },
      to: { path: "^server/src/modules/" },
    },
    {
      name: "common-stands-alone",
      severity: "error",
      comment: "common/ is shared by both sides and imports neither.",
      from: { path: "^common/" },
      to: { path: "^(server|web)/" },
    },
    {
      name: "page-not-to-another-page",
      severity: "error",
      comment: "A page never imports another page's files: move what both use into web/src/components/ or web/src/hooks/.",
      from: { path: "^web/src/pages/([^/]+)/" },
      to: { path: "^web/src/pages/", pathNot: "^web/src/pages/$1/" },
    },
    {
      name: "shared-hooks-in-hooks-folder",
      severity: "error",
      comment: "A hook outside web/src/hooks/ belongs to its own page (or area) and is imported only from there; a hook several use lives in web/src/hooks/.",
      from: { path: "^web/src/((?:pages/)?[^/]+)/" },
      to: { path: "^web/src/.+/use[A-Z][^/]*\\.tsx?$", pathNot: "^web/src/($1|hooks)/" },
    },
    {
      name: "no-test-code-in-production",
      severity: "error",
      comment: "Production code never imports a test file or a test helper.",
      from: { path: "^(common|server|web)/", pathNot: TEST_CODE },
      to: { path: TEST_CODE },
    },
    {
      name: "not-to-unresolvable",
      severity: "error",
      comment: "An import that cannot be resolved means the cruise is blind there.",
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // type-only imports count: they couple modules as much as any other
    tsPreCompilationDeps: true,
    // every workspace's tsconfig extends this one and adds no paths; @balcao/common resolves through its package exports
    tsConfig: { fileName: "tsconfig.base.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      mainFields: ["module", "main", "types", "typings"],
      extensions: [".ts", ".tsx", ".d.ts", ".js", ".mjs", ".cjs", ".json"],
    },
  },
};
