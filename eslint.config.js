// ESLint runs for what Biome cannot check: regular expressions whose matching time can
// grow faster than their input (decision 261), and the console's routes going through
// their one wrapper (server/staff/console-route.server.ts). Biome stays the linter for the rest.
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
    // A console route asks the guard, checks the post's site and reads its form only
    // through the wrapper, which the route walk reads (tests/support/console-routes.ts).
    // The door (sign-in, enrolment, sign-out) has no member yet, and reads its own forms.
    // A route in a folder (docs/decisions/490) is held in each of its files, a level deeper.
    files: ["app/routes/staff*.tsx", "app/routes/staff*/**/*.{ts,tsx}"],
    ignores: ["app/routes/staff_.sign-in.tsx", "app/routes/staff_.enrol.tsx", "app/routes/staff.sign-out.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: ["../../", "../../../"].flatMap((up) => [
            {
              name: `${up}server/staff/guard.server`,
              importNames: ["requirePermission"],
              message: "A console route declares its permission through consoleLoader or consoleAction.",
            },
            {
              name: `${up}server/staff/form-post.server`,
              message: "A console route reads its form through consoleAction.",
            },
            {
              name: `${up}server/platform/form-post.server`,
              message: "A console route's posts are checked and read by consoleAction.",
            },
          ]),
        },
      ],
    },
  },
  {
    // A borrower's own pages ask for the signed-in borrower through the one guard, which
    // sends a stranger to sign in (or answers a download 401), never by hand.
    files: ["app/routes/account*.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "../../server/borrowers/accounts.server",
              importNames: ["currentSession"],
              message: "A borrower's page asks for its borrower through requireBorrower.",
            },
          ],
        },
      ],
    },
  },
  {
    // A test's expressions read the test's own short strings: backtracking is still
    // refused (it can hang a run), a quadratic scan is not.
    files: ["**/*.test.{ts,tsx}"],
    rules: { "regexp/no-super-linear-move": "off" },
  },
];
