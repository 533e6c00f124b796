/**
 * The server's tiers (docs/decisions/042-server-tiers.md), checked by `npm run lint` with type-only
 * imports included (tsPreCompilationDeps):
 *   lib       helpers with no business rules; imports nothing else of the server
 *   platform  infrastructure (jobs, mail transport, rate limits, pages, health); imports lib and db
 *   modules   own their tables and lifecycles; import other modules only through their index.ts
 *   flows     own no table; one use case moving several modules in one transaction
 *   views     own no table and write nothing; read across modules to answer a screen
 *   http      the route plugins, one folder per area; call the tiers' faces (routes.ts registers them)
 *   plugins, app.ts, routes.ts, bootstrap.ts: the HTTP and start-up shell above them all
 * A module imports no flow or view; a flow imports no view; a view imports no flow; nothing outside a
 * folder imports its internals except the listed seams (tables for foreign keys and joins, route
 * plugins for routes.ts).
 */
const TIERS = '^src/server/(modules|flows|views|platform)/([^/]+)/';
const FACE = `${TIERS}index\\.ts$`;
const TESTS = '\\.test\\.tsx?$';
/**
 * Where a folder's insides may be imported from elsewhere: tables (foreign keys, the schema, joins
 * in repos and views; the seam-table-import rule says by whom).
 */
const SEAMS = ['\\.table\\.ts$'];
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import circles, type-only imports included.',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { circular: true },
    },
    {
      name: 'module-imports-up',
      comment: 'A module imports no flow, view or HTTP shell: they call modules, not the reverse.',
      severity: 'error',
      from: { path: '^src/server/modules/' },
      to: { path: '^src/server/(flows|views|app\\.ts|routes\\.ts|bootstrap\\.ts)' },
    },
    {
      name: 'tiers-import-no-http',
      comment: 'Modules, flows, views and platform know no HTTP: routes (http/) and plugins call them.',
      severity: 'error',
      from: { path: '^src/server/(modules|flows|views|platform|lib)/', pathNot: TESTS },
      to: { path: '^src/server/(http|plugins)/' },
    },
    {
      name: 'flow-imports-view',
      severity: 'error',
      from: { path: '^src/server/flows/' },
      to: { path: '^src/server/(views|app\\.ts|routes\\.ts|bootstrap\\.ts)' },
    },
    {
      name: 'view-imports-flow',
      comment: 'A view reads; flows write.',
      severity: 'error',
      from: { path: '^src/server/views/' },
      to: { path: '^src/server/(flows|app\\.ts|routes\\.ts|bootstrap\\.ts)' },
    },
    {
      name: 'platform-imports-business',
      comment: 'Infrastructure knows no business: no module, flow or view.',
      severity: 'error',
      from: { path: '^src/server/platform/' },
      to: { path: '^src/server/(modules|flows|views|plugins)/' },
    },
    {
      name: 'lib-imports-server',
      comment: 'lib is the bottom: it may name the database type, nothing above it.',
      severity: 'error',
      from: { path: '^src/server/lib/' },
      to: { path: '^src/server/(platform|plugins|modules|flows|views)/' },
    },
    {
      name: 'internals',
      comment:
        'Outside its folder, a module, flow, view or platform piece is reached only through its index.ts.',
      severity: 'error',
      from: { path: TIERS, pathNot: TESTS },
      to: { path: TIERS, pathNot: [FACE, '^src/server/$1/$2/', ...SEAMS] },
    },
    {
      name: 'internals-from-shell',
      comment:
        'The HTTP and start-up shell also reaches tiers through their faces (and routes.ts their routes).',
      severity: 'error',
      from: { path: '^src/server/', pathNot: [TIERS, TESTS] },
      to: { path: TIERS, pathNot: [FACE, ...SEAMS] },
    },
    {
      name: 'seam-table-import',
      comment:
        'Tables are imported across folders only by tables (foreign keys), the schema, repos and views.',
      severity: 'error',
      from: {
        path: TIERS,
        pathNot: [TESTS, '\\.table\\.ts$', '\\.repo\\.ts$', '^src/server/views/'],
      },
      to: { path: `${TIERS}[^/]+\\.table\\.ts$`, pathNot: '^src/server/$1/$2/' },
    },
    {
      name: 'seam-table-import-shell',
      comment: 'Of the shell, only the schema gathers tables.',
      severity: 'error',
      from: { path: '^src/server/', pathNot: [TIERS, TESTS, '^src/server/db/schema\\.ts$'] },
      to: { path: `${TIERS}[^/]+\\.table\\.ts$` },
    },
    {
      name: 'http-registered-by-routes',
      comment: 'Route plugins are registered only by routes.ts; one area never imports another.',
      severity: 'error',
      from: { path: '^src/server/', pathNot: ['^src/server/routes\\.ts$', '^src/server/http/', TESTS] },
      to: { path: '^src/server/http/' },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '^src/server/db/migrations'] },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js'] },
    detectProcessBuiltinModuleCalls: true,
  },
};
