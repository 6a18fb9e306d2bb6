// ESLint: recommended + typescript-eslint for the front end, the tests and the tools.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import globals from "globals";

export default tseslint.config(
  {
    ignores: [
      "build/",
      "dist/",
      "node_modules/",
      "test-results/",
      "playwright-report/",
      "python/attention_stepper/static/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "no-console": ["error", { allow: ["warn", "error"] }],
    },
  },
  {
    // Command-line tools print their results.
    files: ["tools/**"],
    rules: { "no-console": "off" },
  },
);
