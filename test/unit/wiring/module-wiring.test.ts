import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');
const SRC = join(ROOT, 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

const files = sourceFiles(SRC).map((path) => ({ path: relative(ROOT, path), text: readFileSync(path, 'utf8') }));
const modules = readdirSync(join(SRC, 'modules'));

/** Every constructor in src with its parameter count. */
function constructors(): { where: string; parameters: number }[] {
  const found: { where: string; parameters: number }[] = [];
  for (const file of files) {
    const source = ts.createSourceFile(file.path, file.text, ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (ts.isConstructorDeclaration(node)) {
        const owner = ts.isClassLike(node.parent) && node.parent.name ? node.parent.name.text : '(anonymous)';
        found.push({ where: `${file.path} ${owner}`, parameters: node.parameters.length });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

describe('module wiring', () => {
  it('keeps the composition root to composing modules, under 60 lines', () => {
    const container = readFileSync(join(SRC, 'container.ts'), 'utf8');
    expect(container.trimEnd().split('\n').length).toBeLessThan(60);
    // Adapters are chosen by the modules: the root imports nothing below a module's surface.
    expect(container).not.toMatch(/modules\/[^/]+\/(domain|application|infra|http)\//);
  });

  it('gives every module a wiring file that its surface exports', () => {
    for (const module of modules) {
      const name = module.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());
      const index = readFileSync(join(SRC, 'modules', module, 'index.ts'), 'utf8');
      expect(index, module).toContain(`export { ${name}Module`);
      expect(index, module).toContain(`from './${module}.module.js'`);
    }
  });

  it('has route files receive their use cases: no container in any routes file', () => {
    const routeFiles = files.filter((file) => /\/http\/[^/]+\.ts$/.test(file.path));
    expect(routeFiles.length).toBeGreaterThan(10);
    for (const file of routeFiles) {
      expect(file.text, file.path).not.toMatch(/from 'tsyringe'|DependencyContainer|\.resolve\s*[<(]/);
    }
  });

  it('lets module surfaces and wiring decide routers from config, never by the class of an adapter', () => {
    for (const file of files.filter((candidate) => /modules\/[^/]+\/(index|[^/]+\.module)\.ts$/.test(candidate.path))) {
      expect(file.text, file.path).not.toMatch(/\binstanceof\b/);
    }
  });

  it('keeps every constructor in src at seven parameters or fewer', () => {
    const found = constructors();
    expect(found.length).toBeGreaterThan(50);
    expect(found.filter((constructor) => constructor.parameters > 7)).toEqual([]);
  });

  it('has roles, the CLI and platform reach modules only through their surfaces', () => {
    const outside = files.filter((file) => /^src\/(roles|cli|platform)\//.test(file.path) || file.path === 'src/main.ts');
    for (const file of outside) {
      expect(file.text, file.path).not.toMatch(/modules\/[^/]+\/(domain|application|infra|http)\//);
    }
    for (const file of files.filter((candidate) => candidate.path.startsWith('src/platform/'))) {
      expect(file.text, file.path).not.toMatch(/from '[./]*\/modules\//);
    }
  });
});
