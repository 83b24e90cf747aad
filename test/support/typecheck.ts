import { readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export interface Diagnostic {
  /** Relative to the repository, or '' for a diagnostic of no file. */
  file: string;
  code: number;
  message: string;
}

export interface TypecheckOptions {
  /** The tsconfig whose compiler options apply, relative to the repository. */
  tsconfig: string;
  /** Files to start from (relative); default: every file the tsconfig includes. */
  roots?: string[] | ((configured: string[]) => string[]);
  /** Files whose text is replaced (or added) for this run only, relative path → text; nothing is written. */
  files?: Record<string, string>;
}

/**
 * Type-checks part of the repository as `tsc -p <tsconfig>` would, with some files edited in memory:
 * the way to show that a change (a new error code, a renamed contract field) fails the type check
 * without touching the working tree.
 */
export function typecheck(options: TypecheckOptions): Diagnostic[] {
  const configPath = join(repoRoot, options.tsconfig);
  const parsed = ts.getParsedCommandLineOfConfigFile(configPath, { noEmit: true, incremental: false }, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  });
  if (!parsed) throw new Error(`cannot read ${options.tsconfig}`);

  const edited = new Map(Object.entries(options.files ?? {}).map(([path, text]) => [join(repoRoot, path), text]));
  const host = ts.createCompilerHost(parsed.options, true);
  const { fileExists, readFile, getSourceFile } = host;
  host.fileExists = (path) => edited.has(resolve(path)) || fileExists.call(host, path);
  host.readFile = (path) => edited.get(resolve(path)) ?? readFile.call(host, path);
  host.getSourceFile = (path, language, onError, create) => {
    const text = edited.get(resolve(path));
    return text === undefined ? getSourceFile.call(host, path, language, onError, create) : ts.createSourceFile(path, text, language, true);
  };

  const configured = parsed.fileNames.map((path) => relative(repoRoot, path));
  const roots = typeof options.roots === 'function' ? options.roots(configured) : (options.roots ?? configured);
  const program = ts.createProgram({ rootNames: roots.map((path) => join(repoRoot, path)), options: parsed.options, host });
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => ({
    file: diagnostic.file ? relative(repoRoot, diagnostic.file.fileName) : '',
    code: diagnostic.code,
    message: ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'),
  }));
}

/** The files of a folder (relative to the repository) whose names end with `suffix`. */
export function filesIn(folder: string, suffix: string): string[] {
  return readdirSync(join(repoRoot, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith(suffix))
    .map((name) => join(folder, name))
    .sort();
}
