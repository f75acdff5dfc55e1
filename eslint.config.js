// ESLint flat config: `npm run lint` (eslint . --max-warnings=0), part of `npm test`.
// Formatting is Prettier's job (`npm run format:check`); no stylistic rules here.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".wrangler/",
      "node_modules/",
      "public/",
      "worker-configuration.d.ts",
      "playwright-report/",
      "test-results/",
      "bench-results/",
      ".cache/",
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  // React code lives in app/ only; elsewhere `use` is Playwright's fixture callback, not React's hook.
  {
    files: ["app/**/*.{ts,tsx}"],
    extends: [reactHooks.configs.flat.recommended, jsxA11y.flatConfigs.recommended],
    rules: {
      // A scrollable <pre> must take focus so keyboard users can scroll it (axe scrollable-region-focusable).
      "jsx-a11y/no-noninteractive-tabindex": ["error", { tags: ["pre"], roles: ["tabpanel"], allowExpressionValues: true }],
    },
  },
  // The Worker carries a generated table of public holidays (scripts/holiday-table.ts), not the holiday engine.
  {
    files: ["app/**/*.{ts,tsx}", "workers/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "date-holidays",
              message:
                "Read public holidays with publicHolidays() (app/booking/holidays.server.ts); date-holidays is a devDependency for scripts/holiday-table.ts.",
            },
          ],
        },
      ],
    },
  },
  {
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // `const { passwordHash: _passwordHash, ...rest } = user` drops fields on purpose.
      "@typescript-eslint/no-unused-vars": [
        "error",
        {
          argsIgnorePattern: "^_",
          varsIgnorePattern: "^_",
          caughtErrorsIgnorePattern: "^_",
          destructuredArrayIgnorePattern: "^_",
          ignoreRestSiblings: true,
        },
      ],
      // Remix's `interface AppLoadContext extends RequestContext {}` is declaration merging, not a bug.
      "@typescript-eslint/no-empty-object-type": ["error", { allowInterfaces: "with-single-extends" }],
      // Imports of ../build/server/index.js exist only after a build, so @ts-expect-error would break either way.
      "@typescript-eslint/ban-ts-comment": ["error", { "ts-ignore": "allow-with-description" }],
    },
  },
);
