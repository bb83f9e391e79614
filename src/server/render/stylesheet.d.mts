export function compileStylesheet(path: string): Promise<string>;
