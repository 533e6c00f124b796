// Issue 26: the server's tiers and its freedom from import circles (type-only imports included) are
// checked by dependency-cruiser with .dependency-cruiser.cjs (also run by `npm run lint`). This test
// runs the same rules over the real tree, and over small trees that break each rule, so a rule that
// stopped matching (a renamed folder, a typo in a pattern) fails here instead of passing silently.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { cruise, type ICruiseOptions, type IViolation } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

const REPO = path.resolve(import.meta.dirname, '../..');
const config = createRequire(import.meta.url)(path.join(REPO, '.dependency-cruiser.cjs')) as {
  forbidden: NonNullable<ICruiseOptions['ruleSet']>['forbidden'];
  options: ICruiseOptions;
};

async function violations(baseDir: string): Promise<IViolation[]> {
  const { tsConfig: _tsConfig, ...options } = config.options as ICruiseOptions & { tsConfig?: unknown };
  const result = await cruise(
    ['src/server'],
    { ...options, baseDir, validate: true, ruleSet: { forbidden: config.forbidden } },
    { extensions: ['.ts', '.tsx', '.js'] },
  );
  if (typeof result.output === 'string') throw new Error(result.output);
  return result.output.summary.violations;
}

/** A throw-away tree of files (path → text) with the repo's rules. */
function tree(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'artchip-tiers-'));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.join(dir, path.dirname(file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

const face = (body = 'export const x = 1;\n') => body;

describe('server tiers', () => {
  it('the real tree breaks no rule', async () => {
    const found = await violations(REPO);
    expect(found.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`)).toEqual([]);
  }, 120_000);

  it.each([
    [
      'module-imports-up',
      {
        'src/server/modules/chips/index.ts':
          "import { x } from '../../flows/checkout/index.ts';\nexport const y = x;\n",
        'src/server/flows/checkout/index.ts': face(),
      },
    ],
    [
      'module-imports-up',
      {
        // A type-only import counts too.
        'src/server/modules/chips/index.ts':
          "import type { X } from '../../views/overview/index.ts';\nexport const y: X = 1;\n",
        'src/server/views/overview/index.ts': 'export type X = number;\n',
      },
    ],
    [
      'view-imports-flow',
      {
        'src/server/views/overview/index.ts':
          "import { x } from '../../flows/checkout/index.ts';\nexport const y = x;\n",
        'src/server/flows/checkout/index.ts': face(),
      },
    ],
    [
      'flow-imports-view',
      {
        'src/server/flows/checkout/index.ts':
          "import { x } from '../../views/overview/index.ts';\nexport const y = x;\n",
        'src/server/views/overview/index.ts': face(),
      },
    ],
    [
      'platform-imports-business',
      {
        'src/server/platform/jobs/index.ts':
          "import { x } from '../../modules/chips/index.ts';\nexport const y = x;\n",
        'src/server/modules/chips/index.ts': face(),
      },
    ],
    [
      'internals',
      {
        'src/server/flows/checkout/index.ts':
          "import { x } from '../../modules/chips/chips.repo.ts';\nexport const y = x;\n",
        'src/server/modules/chips/chips.repo.ts': face(),
      },
    ],
    [
      'no-circular',
      {
        'src/server/modules/chips/index.ts':
          "import type { B } from '../orders/index.ts';\nexport type A = B;\n",
        'src/server/modules/orders/index.ts':
          "import type { A } from '../chips/index.ts';\nexport type B = A | 1;\n",
      },
    ],
  ])('refuses %s', async (rule, files) => {
    const found = await violations(tree(files));
    expect(found.map((v) => v.rule.name)).toContain(rule);
  });

  it('allows what the tiers are for', async () => {
    const found = await violations(
      tree({
        'src/server/flows/checkout/index.ts':
          "import { x } from '../../modules/chips/index.ts';\nimport { j } from '../../platform/jobs/index.ts';\nexport const y = x + j;\n",
        'src/server/views/overview/index.ts':
          "import { chips } from '../../modules/chips/chips.table.ts';\nimport { x } from '../../modules/chips/index.ts';\nexport const y = [chips, x];\n",
        'src/server/modules/chips/index.ts': "import { o } from '../orders/index.ts';\nexport const x = o;\n",
        'src/server/modules/chips/chips.table.ts': 'export const chips = 1;\n',
        'src/server/modules/orders/index.ts': 'export const o = 1;\n',
        'src/server/platform/jobs/index.ts': 'export const j = 1;\n',
      }),
    );
    expect(found).toEqual([]);
  });
});
