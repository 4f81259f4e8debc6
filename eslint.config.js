// Lint: TypeScript, React and hooks rules, and the import boundaries of docs/architecture.md.
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import { ignoredFiles as literalTextIgnored } from "./eslint-rules/literal-text-exceptions.js";
import noLiteralText from "./eslint-rules/no-literal-text.js";

const databaseHandle = ["~/modules/db/db.server", "**/modules/db/db.server"];
const anyModule = ["~/modules/*", "~/modules/**", "**/modules/**"];

/**
 * The floors of app/modules, lowest first (docs/architecture.md, "Floors"): a room imports the
 * rooms on the floors below its own and, on its own floor, only the rooms named beside it.
 */
export const floors = [
  ["foundations", { logging: [], i18n: [], http: ["logging", "i18n"], config: ["http", "logging"], db: ["config", "http", "logging"] }],
  ["shared rooms", { audit: [], events: [], storage: [], security: [], tokens: [], mail: [], ai: ["security"], seed: ["storage"] }],
  [
    "domains",
    {
      auth: [],
      payments: [],
      uploads: [],
      support: ["auth"],
      catalogue: ["payments", "support"],
      favorites: ["catalogue"],
      cards: ["catalogue"],
      chat: ["auth", "catalogue", "payments"],
      media: ["catalogue", "chat", "payments", "uploads"],
      gallery: ["chat", "media", "payments", "uploads"],
    },
  ],
  ["account and admin", { account: [], admin: ["account"] }],
  ["server room", { server: [] }],
];

/** One import-x/no-restricted-paths zone per room: what it may not import. `extra` allows a room more. */
function floorZones() {
  return floors
    .flatMap(([, rooms], level) =>
      Object.entries(rooms).map(([room, neighbours]) => {
        const allowed = new Set([room, ...neighbours]);
        const above = floors.slice(level + 1).flatMap(([, higher]) => Object.keys(higher));
        const forbidden = [...Object.keys(rooms), ...above].filter((other) => !allowed.has(other));
        return {
          target: `./app/modules/${room}`,
          from: forbidden.map((other) => `./app/modules/${other}`),
          message: `app/modules/${room} imports only down the floors, and on its own floor only the rooms named beside it (docs/architecture.md, "Floors").`,
        };
      }),
    )
    .filter((zone) => zone.from.length > 0);
}

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "app/generated/", "node_modules/", "data/", ".e2e-data*/", "test-results/", "playwright-report/", "bench/results/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "import-x": importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "tsconfig.json" })],
    },
    rules: {
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-self-import": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-non-null-assertion": "off",
    },
  },
  {
    files: ["**/*.tsx"],
    plugins: { react },
    settings: { react: { version: "detect" } },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs["jsx-runtime"].rules,
      "react/prop-types": "off",
      "react/no-unescaped-entities": "off",
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "error" },
  },
  {
    // Routes and components reach data only through app/modules.
    files: ["app/routes/**", "app/components/**", "app/root.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: databaseHandle, message: "Routes and components reach the database through a module in app/modules." }] },
      ],
    },
  },
  {
    // Modules stand on floors, and imports only go down.
    files: ["app/modules/**"],
    rules: { "import-x/no-restricted-paths": ["error", { zones: floorZones() }] },
  },
  {
    // app/lib and app/components are isomorphic: they never import server modules.
    files: ["app/lib/**", "app/components/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [{ group: anyModule, message: "app/lib and app/components never import app/modules." }] }] },
  },
  {
    // The one form path (decision 037): a form is read by parseForm, and modules take typed values.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/modules/http/form.server.ts", "**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.property.name='formData']",
          message: "Read a form with parseForm (app/modules/http/form.server.ts): a capped body checked by a schema.",
        },
      ],
    },
  },
  {
    files: ["app/modules/**/*.ts"],
    ignores: ["app/modules/http/form.server.ts", "**/*.test.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "TSTypeReference[typeName.name='FormData']",
          message: "Modules take typed values: the route parses the form with parseForm and passes what its schema gives.",
        },
        {
          selector: "CallExpression[callee.property.name='formData']",
          message: "Read a form with parseForm (app/modules/http/form.server.ts): a capped body checked by a schema.",
        },
      ],
    },
  },
  {
    // Every word a person reads comes from app/locales (decision 043): no text written into JSX.
    files: ["app/**/*.tsx"],
    ignores: literalTextIgnored,
    plugins: { i18n: { rules: { "no-literal-text": noLiteralText } } },
    rules: { "i18n/no-literal-text": "error" },
  },
  prettier,
);
