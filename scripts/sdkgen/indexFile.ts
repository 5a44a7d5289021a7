// The SDK's index (sdk/generated/index.ts), as Pulumi's codegen writes one: the types of every module, and its values
// (classes, functions) loaded on first use (sdk/utilities.ts lazyLoad), so that importing the package loads none of
// the kinds' modules.

/** What a generated module exports: its types, and its values (classes, functions, constants). */
export function exportsOf(text: string): { types: string[]; values: string[] } {
  const types: string[] = [];
  const values: string[] = [];
  for (const [, keyword, name] of text.matchAll(/^export (?:declare )?(interface|type|class|function|const) (\w+)/gm))
    (keyword === "interface" || keyword === "type" ? types : values).push(name);
  return { types, values: [...new Set(values)] };
}

/** The index of `modules` (module name → its text), in the order given, then the shared types. */
export function indexFile(header: string, modules: ReadonlyMap<string, string>): string {
  let text = `${header}import { lazyLoad } from "../utilities";\n`;
  for (const [module, source] of modules) {
    const { types, values } = exportsOf(source);
    const from = JSON.stringify(`./${module}`);
    text += "\n";
    if (types.length > 0) text += `export type { ${types.join(", ")} } from ${from};\n`;
    for (const value of values) {
      const imported = `import(${from}).${value}`;
      // A class is a type too: the instance type, next to the constructor the getter gives.
      if (new RegExp(`^export class ${value}\\b`, "m").test(source)) text += `export type ${value} = ${imported};\n`;
      // Declared, not defined: no module system's output (tsc's exports.X = ..., SWC's fixed getter) then stands in
      // the way of lazyLoad's getter.
      text += `export declare const ${value}: typeof ${imported};\n`;
    }
    if (values.length > 0) text += `lazyLoad(exports, ${JSON.stringify(values)}, () => require(${from}));\n`;
  }
  return (
    `${text}\n// The shapes several resources and functions share, as types.input.X and types.output.X.\n` +
    `import * as types from "./types";\n\nexport { types };\n`
  );
}
