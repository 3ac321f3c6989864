// ESLint runs for one thing Biome cannot check: regular expressions whose matching time
// can grow faster than their input (decision 261). Biome stays the linter for the rest.
import tsParser from "@typescript-eslint/parser";
import regexp from "eslint-plugin-regexp";

export default [
  {
    files: ["app/**/*.{ts,tsx}", "server/**/*.{ts,tsx}"],
    linterOptions: { reportUnusedDisableDirectives: "error" },
    languageOptions: { parser: tsParser, parserOptions: { ecmaFeatures: { jsx: true } } },
    plugins: { regexp },
    rules: { "regexp/no-super-linear-backtracking": "error", "regexp/no-super-linear-move": "error" },
  },
  {
    // A test's expressions read the test's own short strings: backtracking is still
    // refused (it can hang a run), a quadratic scan is not.
    files: ["**/*.test.{ts,tsx}"],
    rules: { "regexp/no-super-linear-move": "off" },
  },
];
