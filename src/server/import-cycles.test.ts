// Issue 10: the server's modules form no import cycle (the payment adapters used to register their
// own routes, which closed an eight-file loop through the payments service and registry).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SERVER = path.resolve(import.meta.dirname);
const ALIASES: Record<string, string> = {
  '#server/': SERVER,
  '#shared/': path.resolve(SERVER, '../shared'),
};

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(file);
    return file.endsWith('.ts') && !file.endsWith('.test.ts') ? [file] : [];
  });
}

/** Runtime imports of a file (type-only imports vanish at run time and cannot form a cycle). */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(/^(?:import|export)(?!\s+type\b)[^;]*?from '([^']+)'/gms)) {
    const spec = match[1]!;
    const alias = Object.keys(ALIASES).find((a) => spec.startsWith(a));
    const target = spec.startsWith('.')
      ? path.resolve(path.dirname(file), spec)
      : alias
        ? path.join(ALIASES[alias]!, spec.slice(alias.length))
        : null;
    if (target && fs.existsSync(target)) found.push(target);
  }
  return found;
}

function findCycles(files: string[]): string[][] {
  const graph = new Map(files.map((f) => [f, importsOf(f)]));
  const done = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (file: string) => {
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      const at = stack.indexOf(next);
      if (at >= 0) cycles.push(stack.slice(at).map((f) => path.relative(SERVER, f)));
      else if (!done.has(next)) visit(next);
    }
    stack.pop();
    done.add(file);
  };
  for (const file of files) if (!done.has(file)) visit(file);
  return cycles;
}

describe('server modules', () => {
  it('import each other without cycles', () => {
    expect(findCycles(sourceFiles(SERVER))).toEqual([]);
  });

  it('the check finds a cycle when there is one', () => {
    const dir = fs.mkdtempSync(path.join(SERVER, '..', '..', 'node_modules', '.cycle-'));
    try {
      fs.writeFileSync(path.join(dir, 'a.ts'), "import { b } from './b.ts';\nexport const a = b;\n");
      fs.writeFileSync(path.join(dir, 'b.ts'), "import { a } from './a.ts';\nexport const b = a;\n");
      expect(findCycles(sourceFiles(dir))).toHaveLength(1);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
