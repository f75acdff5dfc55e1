// Import rules for app/ and workers/, checked by `npm run lint:deps` (part of `npm test`).
// The house reads downhill: routes → components → domains → context → platform/db/utils.
// Each rule's comment is what a developer sees when it fails: it says what to do instead.
//
// Cycles count type-only imports and dynamic import()s as well: a cycle of types still ties two modules
// together (neither can move or be read alone), and the fix is as cheap (the shared type moves down).
//
// There is no list of tolerated violations: every one fails the check. Fix the import (each rule's comment
// says how) rather than adding an exception.

// Folders under app/ that are not domains: the layers above and below them.
const NOT_A_DOMAIN = "(routes|components|platform|db|utils|styles)";
// The lowest layer: shared plumbing and primitives that every domain may use.
const LOWER_LAYER = "^app/(platform|db|utils|components/ui)/";

/** @type {import("dependency-cruiser").IConfiguration} */
export default {
  forbidden: [
    {
      name: "no-cycle",
      severity: "error",
      comment:
        "Import cycle. Break it by moving what both modules need into a module lower in the house " +
        "(routes → components → domains → context → platform/db/utils), by having the lower module take " +
        "what it needs as a parameter, or by registering handlers instead of importing them. " +
        "Type-only imports count: a type belongs in the module that owns the data (or a plain types.ts beside it).",
      from: { path: "^(app|workers)/" },
      to: { circular: true },
    },
    {
      name: "route-imports-another-route",
      severity: "error",
      comment:
        "A route imports another route's files. A route folder holds only its own route module, UI parts " +
        "and styles: move what several routes share into the domain (app/<domain>/) or into app/components/.",
      // Folder routes: app/routes/<name>/… may import only app/routes/<name>/…; the groups split the
      // name at "$" (as in booking_.manage.$token), which cannot be put back into a regular expression.
      from: { path: "^app/routes/([^/$]*)[$]?([^/$]*)/" },
      to: { path: "^app/routes/", pathNot: "^app/routes/$1[$]?$2/" },
    },
    {
      name: "flat-route-imports-a-route",
      severity: "error",
      comment:
        "A flat route file imports another route's files. Move what several routes share into the domain " +
        "(app/<domain>/) or into app/components/; a page that needs its own server module becomes a folder route.",
      from: { path: "^app/routes/[^/]+$" },
      to: { path: "^app/routes/" },
    },
    {
      name: "lower-layer-imports-upward",
      severity: "error",
      comment:
        "app/platform, app/db, app/utils and app/components/ui sit at the bottom of the house and must not " +
        "import a domain, the request context, components or routes. Pass what is needed in as a parameter, " +
        "or move the code into the domain that owns it.",
      // The schema files and the demo seed have their own rules below.
      from: { path: LOWER_LAYER, pathNot: ["^app/db/schema/", "^app/db/seed-data[.]ts$"] },
      to: { path: "^app/", pathNot: [LOWER_LAYER, "^app/styles/"] },
    },
    {
      name: "schema-imports-server-or-ui-code",
      severity: "error",
      comment:
        "A drizzle schema file (app/db/schema/<domain>.ts) may take the value lists of its columns from the " +
        "domain's plain, browser-safe rules (app/<domain>/*.ts, such as types.ts), and nothing else above the " +
        "db layer: no *.server.ts, no context, components or routes. Move the list into a plain .ts file of the domain.",
      from: { path: "^app/db/schema/" },
      to: {
        path: "^app/",
        pathNot: [LOWER_LAYER, `^app/(?!${NOT_A_DOMAIN}/)[^/]+/[^/]+(?<![.]server)[.]ts$`],
      },
    },
    {
      name: "seed-imports-server-or-ui-code",
      severity: "error",
      comment:
        "The demo seed (app/db/seed-data.ts) turns the site's content into rows; it may read app/content's " +
        "plain data files, the learning curriculum's (app/learning/curriculum/) and the db layer only. Keep anything else out of it.",
      from: { path: "^app/db/seed-data[.]ts$" },
      to: { path: "^app/", pathNot: [LOWER_LAYER, "^app/content/[^/]+(?<![.]server)[.]ts$", "^app/learning/curriculum/[^/]+(?<![.]server)[.]ts$"] },
    },
    {
      name: "content-imports-ui",
      severity: "error",
      comment:
        "app/content is data: it must not import components or routes. Keep the words, links and images " +
        "in app/content and let the component that renders them import the content.",
      from: { path: "^app/content/" },
      to: { path: "^app/(components|routes)/" },
    },
    {
      name: "domain-imports-a-route",
      severity: "error",
      comment:
        "A domain (or the context or a worker) imports a route. Routes call domains, never the reverse: " +
        "move the code the domain needs out of app/routes/ into the domain.",
      from: { path: [`^app/(?!${NOT_A_DOMAIN}/)[^/]+/`, "^app/context[.]server[.]ts$", "^workers/"] },
      to: { path: "^app/routes/" },
    },
  ],
  options: {
    includeOnly: "^(app|workers)/",
    exclude: { path: "^(build|node_modules)/" },
    doNotFollow: { path: "node_modules" },
    // Type-only imports are part of the graph: they couple modules as much as value imports do.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".d.ts"],
    },
    skipAnalysisNotInRules: true,
  },
};
