import { join } from 'node:path';
import ts from 'typescript';

/**
 * Checks JSON-LD against schema.org's definitions as the schema-dts package publishes them (every
 * type with its properties and their ranges, generated from the vocabulary): the data is written as
 * a TypeScript literal of `WithContext<Type>` and compiled, so a property the type does not have,
 * or a value outside a property's range, is a compiler error. Returns the errors (none when valid).
 */
export function schemaOrgProblems(data: unknown, type: 'Physician' | 'Hospital'): string[] {
  // Next to the project's node_modules, so `schema-dts` resolves as it does for the server code.
  const fileName = join(process.cwd(), `__schema-org-check-${type}.ts`);
  const source = `import type { ${type}, WithContext } from 'schema-dts';\nexport const data: WithContext<Exclude<${type}, string>> = ${JSON.stringify(data, null, 2)};\n`;
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const readFile = host.readFile.bind(host);
  host.getSourceFile = (name, language, ...rest) => (name === fileName ? ts.createSourceFile(name, source, language) : getSourceFile(name, language, ...rest));
  host.fileExists = (name) => name === fileName || fileExists(name);
  host.readFile = (name) => (name === fileName ? source : readFile(name));
  const program = ts.createProgram([fileName], options, host);
  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}
