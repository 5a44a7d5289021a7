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
import { lookUpRoute, pathParamNames, type OperationName, type RouteDef } from "../contract/routes";
import { unwrapSchema } from "../contract/zodWrappers";
import { KINDS } from "../emulator/services/registry";
import { RESOURCE_SPECS } from "../provider/resources";
import { projectRoot } from "./projectRoot";

/** The shapes the scaffold writes: a created object (Venue), settings that always exist (VenueSyslog). */
export const SHAPES = ["created", "settings"] as const;
export type Shape = (typeof SHAPES)[number];

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
/** Resources of the kinds table's stack an owner ID can name, by the owner's ID field. */
// biome-ignore lint/suspicious/noTemplateCurlyInString: the kinds table's own placeholder for a resource's ID
const SUPPORT_OF_OWNER: Readonly<Record<string, string>> = { venueId: "${hq}" };

export interface KindRequest {
  readonly name: string;
  readonly shape: Shape;
  readonly routes: readonly string[];
  /** The contract's export of the input schema (a schema, or a function of the Wi-Fi API variant). */
  readonly schema?: string;
  /** The kinds-table file (tests/sdk/kindCases/<family>.ts); by the routes' service when left out. */
  readonly family?: string;
}

export interface ScaffoldFile {
  /** From the repository's root. */
  readonly path: string;
  readonly text: string;
  /** A file of its own (it must not exist), or a registry given its line. */
  readonly created: boolean;
}

interface Operations {
  list?: OperationName;
  create?: OperationName;
  read?: OperationName;
  update?: OperationName;
  delete?: OperationName;
  bulkDelete?: OperationName;
  reset?: OperationName;
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

/** Each operation's role, from its method and path: the item's path ends with the ID, the collection's does not. */
function operationsOf(routes: { op: OperationName; route: RouteDef }[], shape: Shape): Operations {
  const ops: Operations = {};
  const endsWithId = (route: RouteDef) => /\}$/.test(route.path);
  for (const { op, route } of routes) {
    const role =
      shape === "settings"
        ? route.method === "GET"
          ? "read"
          : route.method === "PUT" && !ops.update
            ? "update"
            : "reset"
        : route.method === "GET"
          ? endsWithId(route)
            ? "read"
            : "list"
          : route.method === "POST"
            ? "create"
            : route.method === "PUT"
              ? "update"
              : endsWithId(route)
                ? "delete"
                : "bulkDelete";
    if (ops[role]) throw new Error(`--route ${op}: ${ops[role]} is the kind's ${role} already`);
    ops[role] = op;
  }
  if (shape === "created" && (!ops.create || !ops.read || !ops.delete))
    throw new Error("--route: a created object needs its create (POST), read (GET of one) and delete (DELETE of one)");
  if (shape === "settings" && (!ops.read || !ops.update))
    throw new Error("--route: settings need their read (GET) and update (PUT)");
  return ops;
}

/**
 * The path parameter naming one object: the last of the paths that end with one (read, update, delete); for
 * settings, the last of their read's path (a venue's ID).
 */
function idParamOf(routes: { op: OperationName; route: RouteDef }[], shape: Shape): string {
  const item = routes.find(({ route }) => (shape === "settings" ? route.method === "GET" : /\}$/.test(route.path)));
  if (!item) throw new Error("--route: no operation names one object (a path ending with its ID)");
  const params = pathParamNames(item.route.path).filter((p) => p !== "tenantId");
  if (params.length !== 1)
    throw new Error(
      `--route: objects under ${params.slice(0, -1).join(", ")} (a parent's children) are not scaffolded yet`,
    );
  return params[0];
}

/** The object's words, from its read's (else create's) summary: "Get Wi-Fi calling profile" → "Wi-Fi calling profile". */
function nounOf(routes: { op: OperationName; route: RouteDef }[], ops: Operations): string {
  const named = routes.find(({ op }) => op === (ops.read ?? ops.create))!;
  return named.route.summary.replace(/^\S+\s+(an?\s+)?/i, "");
}

function routeOfOp(routes: { op: OperationName; route: RouteDef }[], op: OperationName): RouteDef {
  return routes.find((r) => r.op === op)!.route;
}

/** Another admin puts the settings back to their defaults: the reset, else an update writing nothing. */
function resetCall(ops: Operations, idArg: string): string {
  return ops.reset
    ? `admin.execute(${JSON.stringify(ops.reset)}, ${idArg})`
    : `admin.execute(${JSON.stringify(ops.update)}, ${idArg}, { body: {} })`;
}

function withoutList({ list: _list, ...ops }: Operations): Omit<Operations, "list"> {
  return ops;
}

/** The provider kind and the emulator's collection whose objects the settings belong to, by the ID naming them. */
function ownerOf(idParam: string): { kind: string; collection: string; noun: string } {
  const spec = Object.values(RESOURCE_SPECS).find((s) => s.identity.idParam === idParam && s.ops.create);
  const kind = KINDS.find((k) => k.idParam === idParam && !k.settingsOf);
  if (!spec || !kind || !SUPPORT_OF_OWNER[idParam])
    throw new Error(`--shape settings: settings of the object ${idParam} names are not scaffolded yet`);
  return { kind: spec.kind, collection: kind.name, noun: kind.noun };
}

function plural(word: string): string {
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  return /(s|x|ch|sh)$/.test(word) ? `${word}es` : `${word}s`;
}

/** The file under contract/ that exports the schema, without its extension. */
function schemaFileOf(root: string, schemaName: string): string {
  const dir = path.join(root, "contract", "schemas");
  const declares = new RegExp(`^export (const|function) ${schemaName}\\b`, "m");
  for (const file of fs.readdirSync(dir).sort())
    if (file.endsWith(".ts") && declares.test(fs.readFileSync(path.join(dir, file), "utf8")))
      return `contract/schemas/${file.slice(0, -3)}`;
  throw new Error(`--schema ${schemaName}: no file of contract/schemas/ declares it`);
}

/** Values the field's rules take, for the kinds-table row: each candidate of its type that the schema accepts. */
function samplesOf(schema: z.ZodTypeAny): unknown[] {
  const core = unwrapSchema(schema);
  const candidates: unknown[] =
    core instanceof z.ZodEnum
      ? [...core.options]
      : core instanceof z.ZodLiteral
        ? [core.value]
        : core instanceof z.ZodBoolean
          ? [true, false]
          : core instanceof z.ZodNumber
            ? [core.minValue ?? 1, (core.minValue ?? 1) + 1, core.maxValue ?? 7]
            : core instanceof z.ZodString
              ? ["New kind", "New kind changed", "192.0.2.90", "192.0.2.91", "new.example.com", "new@example.com"]
              : core instanceof z.ZodObject
                ? [
                    Object.fromEntries(
                      fieldsOf(core)
                        .filter((f) => f.required)
                        .map((f) => [f.name, samplesOf(f.schema)[0]]),
                    ),
                  ]
                : core instanceof z.ZodArray
                  ? samplesOf(core.element)
                      .slice(0, 1)
                      .map((element) => [element])
                  : [];
  return [...new Set(candidates)].filter((value) => value !== undefined && schema.safeParse(value).success);
}

function defaultsOf(schema: z.ZodTypeAny): Record<string, unknown> {
  return Object.fromEntries(
    fieldsOf(schema).flatMap((f) => (f.defaultValue === undefined ? [] : [[f.name, f.defaultValue]])),
  );
}

/** A generator of input of the wrong type on the kind's first field of a plain type: the schema refuses it. */
function badInputGenerator(
  name: string,
  fields: ReturnType<typeof fieldsOf>,
  args: Record<string, unknown>,
  idParam: string,
  isSettings: boolean,
): string {
  const target = [...fields]
    .filter((f) => f.name !== idParam)
    .sort((a, b) => Number(b.required) - Number(a.required))
    .find((f) =>
      [z.ZodString, z.ZodEnum, z.ZodNumber, z.ZodBoolean].some((type) => unwrapSchema(f.schema) instanceof type),
    );
  if (!target)
    return `  // No field of a plain type: written by npm run new-kind, a generator is the kind's to write.\n  ${name}: null,`;
  const core = unwrapSchema(target.schema);
  const wrong =
    core instanceof z.ZodString || core instanceof z.ZodEnum ? "fc.oneof(fc.integer(), fc.boolean())" : "fc.string()";
  const given = Object.entries(args)
    .filter(([field]) => field !== target.name && field !== idParam)
    .map(([field, value]) => `${field}: ${literal(value)}, `)
    .join("");
  const owner = isSettings ? `${idParam}, ` : "";
  return [
    `  ${name}: () =>`,
    `    ${wrong}.map((${target.name}) => ({ inputs: { ${owner}${given}${target.name} }, path: ${JSON.stringify(target.name)} })),`,
  ].join("\n");
}

/** A value as TypeScript: keys bare where they can be. */
function literal(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(literal).join(", ")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value);
    if (entries.length === 0) return "{}";
    const key = (k: string) => (/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k));
    return `{ ${entries.map(([k, v]) => `${key(k)}: ${literal(v)}`).join(", ")} }`;
  }
  return JSON.stringify(value);
}

/** Where the line closing what `opening` opens (`];`, `] as …`, `};` at its start) sits, in the file's text. */
function closingOf(opening: string): (text: string, file: string) => number {
  return (text, file) => {
    const start = text.indexOf(opening);
    if (start < 0) throw new Error(`${file}: no ${opening} to add the kind to`);
    const close = /\n[\]}][^\n]*\n/g;
    close.lastIndex = start;
    const found = close.exec(text);
    if (!found) throw new Error(`${file}: ${opening} is not closed at the start of a line`);
    return found.index + 1;
  };
}

/** Where a line starts that holds `line`, in the file's text. */
function lineOf(line: string): (text: string, file: string) => number {
  return (text, file) => {
    const at = text.indexOf(`\n${line}`);
    if (at < 0) throw new Error(`${file}: no ${JSON.stringify(line)} to add the kind before`);
    return at + 1;
  };
}

function ownerKindsHave(root: string, idParam: string): boolean {
  const text = fs.readFileSync(path.join(root, "importer/kinds.ts"), "utf8");
  const start = text.indexOf("export const OWNER_KINDS");
  const end = text.indexOf("\n};", start);
  return new RegExp(`^\\s+${idParam}:`, "m").test(text.slice(start, end));
}

/** A registry with the kind's entry, and its import at the end of the imports (before the first line after them). */
function registryLine(
  root: string,
  file: string,
  edit: {
    entry: string;
    entryAt: (text: string, file: string) => number;
    importLine?: string;
    importAt?: (text: string, file: string) => number;
  },
): ScaffoldFile {
  let text = fs.readFileSync(path.join(root, file), "utf8");
  const insert = (at: number, line: string) => {
    text = `${text.slice(0, at)}${line}\n${text.slice(at)}`;
  };
  const entryAt = edit.entryAt(text, file);
  const importAt = edit.importAt?.(text, file);
  if (importAt !== undefined && importAt > entryAt) throw new Error(`${file}: its imports follow its table`);
  insert(entryAt, edit.entry);
  if (edit.importLine && importAt !== undefined) insert(importAt, edit.importLine);
  return { path: file, text, created: false };
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
