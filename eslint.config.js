// Lint rules checked by `npm run lint` (part of `npm test`): syntax-level TypeScript rules (no type information, so it stays fast)
// everywhere, and the rules of hooks in the web app.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

export default tseslint.config(
  {
    ignores: ["**/node_modules/", "**/dist/", "**/.e2e/", "data/", "bench/results/", "bench/.tmp/", "server/src/db/migrations/"],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // `any` is the deliberate type of untyped outside JSON (Meta's webhooks, Baileys events, test response bodies), read with ?. and String().
      "@typescript-eslint/no-explicit-any": "off",
      // NUL and other control characters are matched on purpose: PostgreSQL text refuses \u0000, so it is stripped before storing.
      "no-control-regex": "off",
      // An unused argument or caught error that starts with "_" is deliberate (a callback's fixed signature, a swallowed error).
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_", ignoreRestSiblings: true }],
    },
  },
  {
    files: ["web/src/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs" },
  },
);
