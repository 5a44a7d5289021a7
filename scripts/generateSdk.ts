// Writes the SDK's typed classes and functions (sdk/generated/) from the contract: one file per
// resource kind from RESOURCE_SPECS, one per function from FUNCTION_SPECS, and an index; then the
// reference docs and COVERAGE.md (scripts/generateDocs.ts).
//   npm run generate
// tests/sdk/generated.test.ts fails when the committed files differ from what this writes.
import * as fs from "node:fs";
import * as path from "node:path";
import { FUNCTION_SPECS } from "../provider/functions";
import { RESOURCE_SPECS } from "../provider/resources";
import { functionFile } from "./sdkgen/functionFile";
import { GENERATED_HEADER, moduleNameOf, resourceFiles } from "./sdkgen/resourceFile";

/** Where the generated files live, relative to the project root. */
export const GENERATED_DIR = "sdk/generated";

/** Every generated file: path relative to the project root → content. */
export function generateSdkFiles(): Map<string, string> {
  const files = new Map<string, string>();
  const modules: string[] = [];
  for (const spec of Object.values(RESOURCE_SPECS)) {
    const module = moduleNameOf(spec.kind);
    for (const [name, content] of Object.entries(resourceFiles(spec))) files.set(`${GENERATED_DIR}/${name}`, content);
    modules.push(module);
  }
  for (const spec of Object.values(FUNCTION_SPECS)) {
    files.set(`${GENERATED_DIR}/${spec.name}.ts`, functionFile(spec));
    modules.push(spec.name);
  }
  files.set(`${GENERATED_DIR}/index.ts`, GENERATED_HEADER + modules.map((m) => `export * from "./${m}";\n`).join(""));
  return files;
}

/** The directory holding package.json, from the source tree or from dist/. */
export function projectRoot(from = __dirname): string {
  let dir = from;
  while (!fs.existsSync(path.join(dir, "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${from}`);
    dir = parent;
  }
  return dir;
}

/** Writes the files that changed and removes generated files nothing generates any more. */
export function writeSdkFiles(root = projectRoot()): { written: string[]; removed: string[] } {
  const files = generateSdkFiles();
  const written: string[] = [];
  const removed: string[] = [];
  const dir = path.join(root, GENERATED_DIR);
  fs.mkdirSync(dir, { recursive: true });
  for (const name of fs.readdirSync(dir)) {
    const relative = `${GENERATED_DIR}/${name}`;
    if (!files.has(relative)) {
      fs.rmSync(path.join(dir, name));
      removed.push(relative);
    }
  }
  for (const [relative, content] of files) {
    const target = path.join(root, relative);
    if (fs.existsSync(target) && fs.readFileSync(target, "utf8") === content) continue;
    fs.writeFileSync(target, content);
    written.push(relative);
  }
  return { written, removed };
}

if (require.main === module) {
  const { written, removed } = writeSdkFiles();
  for (const file of written) console.log(`wrote ${file}`);
  for (const file of removed) console.log(`removed ${file}`);
  if (written.length === 0 && removed.length === 0) console.log(`${GENERATED_DIR} is up to date`);
  // The reference docs and COVERAGE.md (scripts/generateDocs.ts), from the same specs.
  void import("./generateDocs").then(async ({ writeDocFiles }) => {
    const docs = await writeDocFiles();
    for (const file of [...docs.written, ...docs.removed.map((f) => `${f} (removed)`)]) console.log(`wrote ${file}`);
    if (docs.written.length === 0 && docs.removed.length === 0) console.log("docs/reference and COVERAGE.md are up to date");
  });
}
