/**
 * The import boundaries of the code base (issue 38 item 3), checked by `npm run lint`
 * (dependency-cruiser; see docs/architecture.md, "Boundaries"). Violations that existed when a rule
 * was added are listed in .dependency-cruiser-known-violations.json and only those are tolerated:
 * a new one fails the lint. Shrink that file, never grow it (regenerate it only after removing some:
 * `npx depcruise src --config .dependency-cruiser.cjs --output-type baseline > .dependency-cruiser-known-violations.json`).
 */
module.exports = {
  forbidden: [
    {
      name: 'web-feature-to-other-feature',
      comment:
        'A web feature is its own: what two features share belongs in src/web/components (UI) or src/web/lib (data, query keys, helpers). ' +
        'The app shell (src/web/app) is the one place that puts features together. A feature may offer parts to others ' +
        '(the dashboard shows the publishing card, the console pages share its table) only through its public entry, index.ts.',
      severity: 'error',
      from: { path: '^src/web/features/([^/]+)/' },
      to: { path: '^src/web/features/', pathNot: ['^src/web/features/$1/', '^src/web/features/[^/]+/index\\.tsx?$'] },
    },
    {
      name: 'web-shared-parts-to-feature',
      comment: 'src/web/components and src/web/lib are used by features; they must not reach back into one.',
      severity: 'error',
      from: { path: '^src/web/(components|lib)/' },
      to: { path: '^src/web/features/' },
    },
    {
      name: 'shared-is-a-leaf',
      comment: 'src/shared runs in the browser and on the server: it imports neither.',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { path: '^src/(web|server)/' },
    },
    {
      name: 'web-not-server',
      comment: 'The browser bundle never imports server code (the server renders web code, not the other way round).',
      severity: 'error',
      from: { path: '^src/web/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'server-module-not-seed',
      comment: 'The demo seed writes through the modules; a module never depends on the seed.',
      severity: 'error',
      from: { path: '^src/server/(modules|auth|http|jobs|integrations|render)/' },
      to: { path: '^src/server/db/seed/' },
    },
    {
      name: 'no-circular',
      comment: 'A cycle means two files (or two features) cannot be understood, tested or moved apart.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['\\.test\\.tsx?$', '^src/server/db/migrations/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
  },
};
