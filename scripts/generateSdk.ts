// Writes the SDK's typed classes and functions (sdk/generated/) from the contract, laid out as
// Pulumi's own packages are: one file per resource kind from RESOURCE_SPECS (the class and its
// Args), one per function from FUNCTION_SPECS, the shapes several of them share in types/input.ts
// and types/output.ts, and an index; then the reference docs and COVERAGE.md
// (scripts/generateDocs.ts). What the SDK's runtime needs from the provider (each kind's secrets and
// outputs, the reserved input names) is written here, so that a program loads no provider code.
//   npm run generate
// tests/scripts/generateSdk.test.ts fails when the committed files differ from what this writes.
import * as fs from "node:fs";
import * as path from "node:path";
import { FUNCTION_SPECS } from "../provider/functions";
import { RESOURCE_SPECS } from "../provider/resources";
import { GET_INPUT, OWNER_CONFLICT_INPUT, REPLACE_ON_CHANGES_INPUT } from "../provider/resourceOptions";
import { RESOURCE_NAME_INPUT, RESOURCE_STACK_INPUT } from "../provider/spec";
import { CONFIG_KEYS } from "../provider/config";
import { PREVIEW_INPUT, STATE_ID_OUTPUT, STATE_IDENTITY_KIND } from "../provider/stateIdentity";
import { TENANT_INPUT } from "../provider/tenant";
import { functionFile } from "./sdkgen/functionFile";
import { indexFile } from "./sdkgen/indexFile";
import { GENERATED_HEADER, moduleNameOf, resourceFile } from "./sdkgen/resourceFile";
import { SharedTypes } from "./sdkgen/sharedTypes";
import { projectRoot } from "./projectRoot";

/** Where the generated files live, relative to the project root. */
export const GENERATED_DIR = "sdk/generated";

/** Every generated file: path relative to the project root → content. */
export function generateSdkFiles(): Map<string, string> {
  const names = new SharedTypes();
  const print = () => {
    const files = new Map<string, string>();
    for (const spec of Object.values(RESOURCE_SPECS)) {
      files.set(
        `${GENERATED_DIR}/${moduleNameOf(spec.kind)}.ts`,
        names.printFor(spec.kind, () => resourceFile(spec, names)),
      );
    }
    for (const spec of Object.values(FUNCTION_SPECS))
      files.set(
        `${GENERATED_DIR}/${spec.name}.ts`,
        names.printFor(spec.name, () => functionFile(spec, names)),
      );
    return files;
  };
  // The first printing finds the shapes several resources and functions share; the second names them.
  print();
  names.assignNames();
  const files = print();
  const modules = [...files.keys()].map((file) => path.basename(file, ".ts"));
  const types = names.files(GENERATED_HEADER);
  files.set(`${GENERATED_DIR}/types/input.ts`, types.input);
  files.set(`${GENERATED_DIR}/types/output.ts`, types.output);
  files.set(
    `${GENERATED_DIR}/types/index.ts`,
    `${GENERATED_HEADER}import * as input from "./input";\nimport * as output from "./output";\n\nexport { input, output };\n`,
  );
  files.set(`${GENERATED_DIR}/reservedInputs.ts`, reservedInputsFile());
  files.set(
    `${GENERATED_DIR}/index.ts`,
    indexFile(GENERATED_HEADER, new Map(modules.map((m) => [m, files.get(`${GENERATED_DIR}/${m}.ts`)!]))),
  );
  return files;
}

/** The provider's reserved input names and the tenant's configuration key, so that the SDK need not load the provider for them. */
function reservedInputsFile(): string {
  const constants: [string, string, string][] = [
    ["RESOURCE_NAME_INPUT", RESOURCE_NAME_INPUT, "The resource's name in the program (provider/spec.ts)."],
    [
      "RESOURCE_STACK_INPUT",
      RESOURCE_STACK_INPUT,
      "The program's organization/project/stack and its state's identity (provider/spec.ts).",
    ],
    [
      "STATE_IDENTITY_KIND",
      STATE_IDENTITY_KIND,
      "The hidden resource holding the state's identity (provider/stateIdentity.ts).",
    ],
    ["STATE_ID_OUTPUT", STATE_ID_OUTPUT, "Its output: the random ID (provider/stateIdentity.ts)."],
    ["PREVIEW_INPUT", PREVIEW_INPUT, "Its input: whether the program runs in a preview (provider/stateIdentity.ts)."],
    [
      "REPLACE_ON_CHANGES_INPUT",
      REPLACE_ON_CHANGES_INPUT,
      "The replaceOnChanges option's paths (provider/resourceOptions.ts).",
    ],
    [
      "OWNER_CONFLICT_INPUT",
      OWNER_CONFLICT_INPUT,
      "Another resource of the program owns the object (provider/resourceOptions.ts).",
    ],
    ["GET_INPUT", GET_INPUT, "A `static get`: read, not refreshed (provider/resourceOptions.ts)."],
    ["TENANT_INPUT", TENANT_INPUT, "The tenant input and output of every resource (provider/tenant.ts)."],
  ];
  const [tenantKey, tenantVariable] = CONFIG_KEYS.tenantId;
  return (
    GENERATED_HEADER +
    constants
      .map(([name, value, doc]) => `\n/** ${doc} */\nexport const ${name} = ${JSON.stringify(value)};\n`)
      .join("") +
    `\n/** The configured tenant's key and environment variable (provider/config.ts CONFIG_KEYS). */\n` +
    `export const CONFIGURED_TENANT = [${JSON.stringify(tenantKey)}, ${JSON.stringify(tenantVariable)}] as const;\n`
  );
}

/** Writes the files that changed and removes generated files nothing generates any more. */
export function writeSdkFiles(root = projectRoot()): { written: string[]; removed: string[] } {
  const files = generateSdkFiles();
  const written: string[] = [];
  const removed: string[] = [];
  const dir = path.join(root, GENERATED_DIR);
  fs.mkdirSync(dir, { recursive: true });
  for (const name of fs.readdirSync(dir, { recursive: true }) as string[]) {
    const relative = `${GENERATED_DIR}/${name.split(path.sep).join("/")}`;
    if (!files.has(relative) && fs.statSync(path.join(dir, name)).isFile()) {
      fs.rmSync(path.join(dir, name));
      removed.push(relative);
    }
  }
  for (const [relative, content] of files) {
    const target = path.join(root, relative);
    fs.mkdirSync(path.dirname(target), { recursive: true });
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
    if (docs.written.length === 0 && docs.removed.length === 0)
      console.log("docs/reference and COVERAGE.md are up to date");
  });
}
