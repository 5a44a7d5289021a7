// npm run new-kind -- --name CarrierProfile --shape created --route listWifiCallingProfiles createWifiCallingProfile deleteWifiCallingProfiles getWifiCallingProfile updateWifiCallingProfile deleteWifiCallingProfile [--schema <export>]
// [--family <file>]: the hand-written files of a resource kind of an existing shape, from its operations in the
// route table and its input schema in the contract: the provider's declaration and its registry line, the
// emulator's kind and its registry line, the kinds-table row, the bad-input generator and, for settings of an owner
// the importer does not know, the importer's owner line. What stays by hand is in docs/adding-a-kind.md.
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { z } from "zod";
import * as contract from "../contract";
import { fieldsOf } from "../contract/meta";
import { lookUpRoute } from "../contract/routes";
import { RESOURCE_SPECS } from "../provider/resources";
import { projectRoot } from "./projectRoot";
import { closingOf, lineOf, ownerKindsHave, registryLine, type ScaffoldFile } from "./newKind/registries";
import {
  idParamOf,
  nounOf,
  operationsOf,
  ownerOf,
  plural,
  resetCall,
  routeOfOp,
  schemaFileOf,
  SHAPES,
  type Shape,
  SUPPORT_OF_OWNER,
  withoutList,
} from "./newKind/routes";
import { badInputGenerator, defaultsOf, literal, samplesOf } from "./newKind/samples";

export { SHAPES, type Shape } from "./newKind/routes";
export type { ScaffoldFile } from "./newKind/registries";

/** The kinds-table files under tests/sdk/kindCases/, with the name of their table. */
const FAMILIES: Readonly<Record<string, string>> = {
  core: "CORE_CASES",
  wifiDevices: "WIFI_DEVICE_CASES",
  wifiServices: "WIFI_SERVICE_CASES",
  switches: "SWITCH_CASES",
  account: "ACCOUNT_CASES",
};
const FAMILY_OF_SERVICE: Readonly<Record<string, string>> = {
  wifi: "wifiServices",
  switch: "switches",
  tenant: "account",
  file: "account",
};

export interface KindRequest {
  readonly name: string;
  readonly shape: Shape;
  readonly routes: readonly string[];
  /** The contract's export of the input schema (a schema, or a function of the Wi-Fi API variant). */
  readonly schema?: string;
  /** The kinds-table file (tests/sdk/kindCases/<family>.ts); by the routes' service when left out. */
  readonly family?: string;
}

/** The files the kind needs, as they will read, from the repository at `root`. */
export function scaffoldKind(root: string, request: KindRequest): ScaffoldFile[] {
  const { name, shape } = request;
  if (!/^[A-Z][A-Za-z0-9]*$/.test(name)) throw new Error(`--name ${name}: a kind is named in PascalCase (VenueSyslog)`);
  if (RESOURCE_SPECS[name]) throw new Error(`--name ${name}: the provider has that kind already`);
  if (!SHAPES.includes(shape)) throw new Error(`--shape ${shape}: one of ${SHAPES.join(", ")}`);
  const routes = request.routes.map(lookUpRoute);
  if (routes.length === 0) throw new Error("--route: the kind's operations, at least its read or create");
  const camel = name.charAt(0).toLowerCase() + name.slice(1);
  const schemaName = request.schema ?? `${camel}InputSchema`;
  const schemaExport = (contract as Record<string, unknown>)[schemaName];
  if (typeof schemaExport !== "function" && !(schemaExport instanceof z.ZodType))
    throw new Error(`--schema ${schemaName}: the contract exports no such schema; write it in contract/schemas/ first`);
  const isSchemaOfVariant = !(schemaExport instanceof z.ZodType);
  const schema = isSchemaOfVariant ? (schemaExport as (variant: string) => z.ZodTypeAny)("newer") : schemaExport;
  const schemaFile = schemaFileOf(root, schemaName);
  const idParam = idParamOf(routes, shape);
  const ops = operationsOf(routes, shape);
  const service = routes[0].route.service;
  const family = request.family ?? FAMILY_OF_SERVICE[service];
  if (!FAMILIES[family]) throw new Error(`--family ${family}: one of ${Object.keys(FAMILIES).join(", ")}`);
  const noun = nounOf(routes, ops);
  const collection = plural(camel);
  const owner = shape === "settings" ? ownerOf(idParam) : undefined;
  const inputType = isSchemaOfVariant ? `z.output<ReturnType<typeof ${schemaName}>>` : `z.output<typeof ${schemaName}>`;
  const schemaCall = isSchemaOfVariant ? schemaName : `() => ${schemaName}`;
  const opList = Object.values(ops).join(", ");
  const fields = fieldsOf(schema);
  const args: Record<string, unknown> = {};
  if (owner) args[idParam] = SUPPORT_OF_OWNER[idParam];
  for (const field of fields)
    if (field.required && field.name !== idParam) args[field.name] = samplesOf(field.schema)[0];
  const changeable = fields
    .filter((f) => !f.secret && f.name !== idParam)
    .map((f) => ({ field: f.name, values: samplesOf(f.schema).filter((v) => v !== args[f.name]) }))
    .find((f) => f.values.length > 0);

  const declaration = [
    `import { ${schemaName} } from "../../${schemaFile}";`,
    `import { resourceSpec } from "../spec";`,
    "",
    `export const ${camel}Spec = resourceSpec({`,
    `  kind: ${JSON.stringify(name)},`,
    `  description: ${JSON.stringify(`The ${noun} (${opList}).`)},`,
    `  inputSchema: ${schemaCall},`,
    owner
      ? `  identity: { idParam: ${JSON.stringify(idParam)}, idFromInput: ${JSON.stringify(idParam)} },`
      : `  identity: { idParam: ${JSON.stringify(idParam)} },`,
    `  ops: ${literal(withoutList(ops))},`,
    `  destroy: ${JSON.stringify(owner ? (ops.reset ? "reset" : "writeDefaults") : "delete")},`,
    ...(ops.list && !owner ? [`  readFromList: { op: ${JSON.stringify(ops.list)} },`] : []),
    ...(owner
      ? [`  deletedWithParent: { input: ${JSON.stringify(idParam)}, kind: ${JSON.stringify(owner.kind)} },`]
      : []),
    "});",
    "",
  ].join("\n");

  const emulatorOps = literal({
    ...(ops.list && !owner ? { lists: [{ op: ops.list }] } : {}),
    ...(ops.create ? { [routeOfOp(routes, ops.create).body === "array" ? "createMany" : "create"]: ops.create } : {}),
    ...(ops.bulkDelete ? { bulkDelete: ops.bulkDelete } : {}),
    ...(ops.read ? { get: ops.read } : {}),
    ...(ops.update ? { update: ops.update } : {}),
    ...(ops.delete ? { delete: ops.delete } : {}),
    ...(ops.reset ? { reset: ops.reset } : {}),
  });
  const schemaOfVariant = isSchemaOfVariant ? `${schemaName}(ctx.variant)` : schemaName;
  const emulatorKind = [
    `// ${name} (${opList}): the service's rules beyond its schema (unique names, what refuses a delete) go here.`,
    `import type { z } from "zod";`,
    `import { ${schemaName} } from "../../../${schemaFile}";`,
    `import type { KindDef } from "../../model/kind";`,
    "",
    `type ${name}Input = ${inputType};`,
    `type ${name}Record = ${name}Input & { id: string };`,
    "",
    `export const ${collection}: KindDef<${name}Record, ${name}Input> = {`,
    `  name: ${JSON.stringify(collection)},`,
    `  noun: ${JSON.stringify(owner ? owner.noun : noun)},`,
    `  idParam: ${JSON.stringify(idParam)},`,
    ...(owner ? [`  idFrom: { param: ${JSON.stringify(idParam)} },`] : []),
    `  schema: ${schemaCall},`,
    ...(owner
      ? [
          "  settingsOf: {",
          `    kind: ${JSON.stringify(owner.collection)},`,
          `    defaults: (ctx, ownerId) => ({ ...${schemaOfVariant}.parse({}), id: ownerId }),`,
          "  },",
        ]
      : []),
    `  ops: ${emulatorOps},`,
    "  build: (_ctx, input, id) => ({ record: { ...input, id } }),",
    owner ? "  view: (_t, { id: _id, ...settings }) => settings," : "  view: (_t, record) => record,",
    "};",
    "",
  ].join("\n");

  const idArg = `{ ${idParam}: id }`;
  const row = [
    "  {",
    `    name: ${JSON.stringify(name.replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase())},`,
    `    kind: ${JSON.stringify(name)},`,
    `    args: ${literal(args)},`,
    ...(changeable
      ? [`    update: { field: ${JSON.stringify(changeable.field)}, value: ${literal(changeable.values[0])} },`]
      : []),
    ...(changeable && changeable.values.length > 1 && ops.read && ops.update
      ? [
          "    drift: {",
          "      async make({ admin, id }) {",
          `        const object = await admin.call<Props>(${JSON.stringify(ops.read)}, ${idArg});`,
          `        await admin.execute(${JSON.stringify(ops.update)}, ${idArg}, { body: { ...object, ${changeable.field}: ${literal(changeable.values[1])} } });`,
          "      },",
          `      path: ${JSON.stringify(changeable.field)},`,
          "    },",
        ]
      : []),
    owner
      ? `    removed: { make: ({ admin, id }) => ${resetCall(ops, idArg)}.then(() => undefined), refresh: "update" },`
      : `    removed: { make: ({ admin, id }) => admin.execute(${JSON.stringify(ops.delete)}, ${idArg}).then(() => undefined), refresh: "delete" },`,
    owner
      ? `    destroyed: async ({ admin, id }) => expect(await admin.call(${JSON.stringify(ops.read)}, ${idArg})).toMatchObject(${literal(defaultsOf(schema))}),`
      : `    destroyed: ({ admin, id }) => expectGone(() => admin.call(${JSON.stringify(ops.read)}, ${idArg})),`,
    "  },",
  ];

  const files: ScaffoldFile[] = [
    { path: `provider/resources/${camel}.ts`, text: declaration, created: true },
    { path: `emulator/services/${service}/${collection}.ts`, text: emulatorKind, created: true },
    registryLine(root, "provider/resources/index.ts", {
      entry: `    ${camel}Spec,`,
      entryAt: lineOf("  ].map((spec) => [spec.kind, spec]),"),
      importLine: `import { ${camel}Spec } from "./${camel}";`,
      importAt: (text, file) => lineOf("/** Every resource of the provider")(text, file) - 1,
    }),
    registryLine(root, "emulator/services/registry.ts", {
      entry: `  ${collection},`,
      entryAt: closingOf("export const KINDS: readonly KindDef[] = ["),
      importLine: `import { ${collection} } from "./${service}/${collection}";`,
      importAt: (text, file) => lineOf("// Kinds that share a collection")(text, file) - 1,
    }),
    registryLine(root, `tests/sdk/kindCases/${family}.ts`, {
      entry: row.join("\n"),
      entryAt: closingOf(`export const ${FAMILIES[family]}: KindCase[] = [`),
    }),
    registryLine(root, "tests/provider/badInput.property.test.ts", {
      entry: badInputGenerator(name, fields, args, idParam, owner !== undefined),
      entryAt: closingOf("const generators: Record<"),
    }),
  ];
  if (owner && !ownerKindsHave(root, idParam)) {
    files.push(
      registryLine(root, "importer/kinds.ts", {
        entry: `  ${idParam}: ${JSON.stringify(owner.kind)},`,
        entryAt: closingOf("export const OWNER_KINDS"),
      }),
    );
  }
  return files;
}

/** Writes the files (refusing to replace a file of its own that exists) and formats them; their paths. */
export function writeScaffold(root: string, files: readonly ScaffoldFile[]): string[] {
  for (const file of files)
    if (file.created && fs.existsSync(path.join(root, file.path))) throw new Error(`${file.path} exists already`);
  for (const file of files) {
    fs.mkdirSync(path.dirname(path.join(root, file.path)), { recursive: true });
    fs.writeFileSync(path.join(root, file.path), file.text);
  }
  return files.map((file) => file.path);
}

/** Formats the written files as the repository's formatter does (the scaffold writes long lines as they come). */
export function formatWritten(root: string, paths: readonly string[]): void {
  execFileSync(path.join(root, "node_modules", ".bin", "biome"), ["format", "--write", ...paths], {
    cwd: root,
    stdio: "ignore",
  });
}

function flagValues(args: string[], flag: string): string[] {
  const at = args.indexOf(flag);
  if (at < 0) return [];
  const values: string[] = [];
  for (let i = at + 1; i < args.length && !args[i].startsWith("--"); i++) values.push(args[i]);
  return values;
}

if (require.main === module) {
  const args = process.argv.slice(2);
  try {
    const root = projectRoot();
    const written = writeScaffold(
      root,
      scaffoldKind(root, {
        name: flagValues(args, "--name")[0] ?? "",
        shape: (flagValues(args, "--shape")[0] ?? "") as Shape,
        routes: flagValues(args, "--route"),
        schema: flagValues(args, "--schema")[0],
        family: flagValues(args, "--family")[0],
      }),
    );
    formatWritten(root, written);
    console.log(`written: ${written.join(", ")}\nnext: docs/adding-a-kind.md (what stays by hand)`);
  } catch (error) {
    console.error(`new-kind: ${(error as Error).message}`);
    process.exitCode = 1;
  }
}
