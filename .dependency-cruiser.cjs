/**
 * Import boundaries (decision 029), checked by `npm run lint`. Violations that existed when the rules were
 * introduced are listed in .dependency-cruiser-known-violations.json and tolerated; that list only shrinks
 * (docs/docs.test.ts caps its length). Test files may reach into internals for fixtures.
 */
const notTests = '\\.test\\.tsx?$';
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycles between files.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'web-not-server',
      severity: 'error',
      comment: 'The web app talks to the server over HTTP only; shared contracts live in packages/shared.',
      from: { path: '^apps/web/' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'server-not-web',
      severity: 'error',
      from: { path: '^apps/server/' },
      to: { path: '^apps/web/' },
    },
    {
      name: 'shared-only-zod',
      severity: 'error',
      comment: 'packages/shared depends on zod alone (and on node built-ins nowhere).',
      from: { path: '^packages/shared/src/', pathNot: notTests },
      to: { pathNot: ['^packages/shared/src/', '^node_modules/zod/'] },
    },
    {
      name: 'platform-not-modules',
      severity: 'error',
      comment: 'Platform mechanisms are built once and know no module.',
      from: { path: '^apps/server/src/platform/', pathNot: notTests },
      to: { path: '^apps/server/src/modules/' },
    },
    {
      name: 'module-through-index',
      severity: 'error',
      comment:
        "A module uses another module only through that module's index.ts (its public face) or, for the tables " +
        'others may join, its tables.ts (so that table files need not pull in the whole module).',
      from: { path: '^apps/server/src/modules/([^/]+)/', pathNot: notTests },
      to: {
        path: '^apps/server/src/modules/',
        pathNot: ['^apps/server/src/modules/$1/', '^apps/server/src/modules/[^/]+/(index|tables)\\.ts$'],
      },
    },
    {
      name: 'feature-through-index',
      severity: 'error',
      comment: "A web feature uses another feature only through that feature's index.ts.",
      from: { path: '^apps/web/src/features/([^/]+)/', pathNot: notTests },
      to: {
        path: '^apps/web/src/features/',
        pathNot: ['^apps/web/src/features/$1/', '^apps/web/src/features/[^/]+/index\\.tsx?$'],
      },
    },
    {
      name: 'building-blocks-not-features',
      severity: 'error',
      comment: 'components/ and lib/ are shared building blocks: they know no feature and not the app shell.',
      from: { path: '^apps/web/src/(components|lib)/', pathNot: notTests },
      to: { path: '^apps/web/src/(features|app)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    exclude: { path: '(^|/)(node_modules|dist|migrations)/' },
    enhancedResolveOptions: {
      conditionNames: ['import', 'require', 'node', 'default'],
      exportsFields: ['exports'],
      mainFields: ['module', 'main', 'types'],
      extensions: ['.ts', '.tsx', '.js'],
    },
  },
};
