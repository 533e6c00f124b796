import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import drizzle from 'eslint-plugin-drizzle';
import reactHooks from 'eslint-plugin-react-hooks';
import path from 'node:path';

/** A path glob as a RegExp: '**' crosses folders, '*' stays within one. */
const globRegExp = (glob) => {
  const source = glob
    .split(/(\*\*\/?|\*)/)
    .map((part) => {
      if (part.startsWith('**')) return '.*';
      if (part === '*') return '[^/]*';
      return part.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return new RegExp(`^${source}$`);
};

/**
 * Feature boundaries: a file outside features/<name>/ reaches that feature only through its public
 * features/<name>/index.ts, and the router (files under `routerDir`) also through its lazy pages in
 * features/<name>/pages.ts; files inside a feature import each other freely. Checks static imports,
 * re-exports and dynamic import() (which no-restricted-imports does not see), by alias or relative
 * path. Options: `dir` (the features folder), `alias` (its import prefix), `routerDir`, and `allow`:
 * exceptions `{ target, from }`, where `target` is a glob of the file inside the feature (e.g.
 * '*.table.ts') and `from` globs of the importing files relative to this folder ('*' stays within
 * one folder, '**' crosses folders).
 */
const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'A feature is imported only through its index.ts from outside it.' },
    schema: [
      {
        type: 'object',
        properties: {
          dir: { type: 'string' },
          alias: { type: 'string' },
          routerDir: { type: 'string' },
          allow: {
            type: 'array',
            items: {
              type: 'object',
              properties: { target: { type: 'string' }, from: { type: 'array', items: { type: 'string' } } },
              required: ['target', 'from'],
              additionalProperties: false,
            },
          },
        },
        required: ['dir', 'alias', 'routerDir'],
        additionalProperties: false,
      },
    ],
    messages: {
      private:
        "'{{source}}' is private to the {{feature}} feature: import it from '{{alias}}/{{feature}}/index.ts' (add the export there).",
    },
  },
  create(context) {
    const { dir, alias, routerDir, allow = [] } = context.options[0];
    const root = path.resolve(import.meta.dirname, dir);
    const isRouter = !path
      .relative(path.resolve(import.meta.dirname, routerDir), context.filename)
      .startsWith('..');
    /** The feature a file belongs to and its path inside it, or null outside the features folder. */
    const locate = (file) => {
      const [feature, ...rest] = path.relative(root, file).split(path.sep);
      if (!feature || feature === '..' || path.isAbsolute(feature) || rest.length === 0) return null;
      return { feature, inner: rest.join('/') };
    };
    const from = locate(context.filename);
    const importer = path
      .relative(import.meta.dirname, context.filename)
      .split(path.sep)
      .join('/');
    const allowedTargets = allow
      .filter((rule) => rule.from.some((glob) => globRegExp(glob).test(importer)))
      .map((rule) => globRegExp(rule.target));
    const check = (node) => {
      const source = node?.type === 'Literal' ? node.value : null;
      if (typeof source !== 'string') return;
      let target;
      if (source.startsWith(`${alias}/`)) target = path.join(root, source.slice(alias.length + 1));
      else if (source.startsWith('.')) target = path.resolve(path.dirname(context.filename), source);
      else return;
      const to = locate(target);
      if (!to || to.feature === from?.feature || to.inner === 'index.ts') return;
      if (isRouter && to.inner === 'pages.ts') return;
      if (allowedTargets.some((target) => target.test(to.inner))) return;
      context.report({ node, messageId: 'private', data: { source, feature: to.feature, alias } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'data/**',
      'node_modules/**',
      'src/server/db/migrations/**',
      'test-results/**',
      'playwright-report/**',
      // StrykerJS's sandbox and reports (npm run test:mutation).
      '.stryker-tmp/**',
      'reports/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { drizzle, 'react-hooks': reactHooks },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/only-throw-error': 'off',
      'preserve-caught-error': 'off',
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'drizzle/enforce-delete-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
      'drizzle/enforce-update-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/node_modules/**'], message: 'Import packages by name.' }] },
      ],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { artchip: { rules: { 'feature-boundaries': featureBoundaries } } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'artchip/feature-boundaries': [
        'error',
        { dir: 'src/web/features', alias: '#web/features', routerDir: 'src/web/app' },
      ],
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['#server/*'], message: 'The browser never imports server code.' }] },
      ],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['#server/*', '#web/*'], message: 'shared imports neither server nor web.' }] },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['#web/*'], message: 'The server never imports web code.' }] },
      ],
    },
  },
  {
    // A view reads across modules to answer a screen and writes nothing (the tiers themselves are
    // checked by dependency-cruiser: .dependency-cruiser.cjs, docs/decisions/035).
    files: ['src/server/views/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression > MemberExpression.callee > Identifier.property[name=/^(insert|update|delete)$/]',
          message: 'A view writes nothing: move the write to the module that owns the table.',
        },
        {
          selector:
            'TaggedTemplateExpression[tag.name="sql"] TemplateElement[value.raw=/\\b(insert\\s+into|update\\s+\\w+\\s+set|delete\\s+from)\\b/i]',
          message: 'A view writes nothing: move the write to the module that owns the table.',
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly' } },
  },
);
