// What npm run new-kind (scripts/newKind.ts) reads of a kind from its routes and the repository: each operation's role,
// the parameter naming one object, the object's words, the owner of settings, the file of the input schema.
import * as fs from "node:fs";
import * as path from "node:path";
import { pathParamNames, type OperationName, type RouteDef } from "../../contract/routes";
import { KINDS } from "../../emulator/services/registry";
import { RESOURCE_SPECS } from "../../provider/resources";

/** The shapes the scaffold writes: a created object (Venue), settings that always exist (VenueSyslog). */
export const SHAPES = ["created", "settings"] as const;
export type Shape = (typeof SHAPES)[number];

/** Resources of the kinds table's stack an owner ID can name, by the owner's ID field. */
// biome-ignore lint/suspicious/noTemplateCurlyInString: the kinds table's own placeholder for a resource's ID
export const SUPPORT_OF_OWNER: Readonly<Record<string, string>> = { venueId: "${hq}" };

export interface Operations {
  list?: OperationName;
  create?: OperationName;
  read?: OperationName;
  update?: OperationName;
  delete?: OperationName;
  bulkDelete?: OperationName;
  reset?: OperationName;
}

/** Each operation's role, from its method and path: the item's path ends with the ID, the collection's does not. */
export function operationsOf(routes: { op: OperationName; route: RouteDef }[], shape: Shape): Operations {
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
export function idParamOf(routes: { op: OperationName; route: RouteDef }[], shape: Shape): string {
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
export function nounOf(routes: { op: OperationName; route: RouteDef }[], ops: Operations): string {
  const named = routes.find(({ op }) => op === (ops.read ?? ops.create))!;
  return named.route.summary.replace(/^\S+\s+(an?\s+)?/i, "");
}

export function routeOfOp(routes: { op: OperationName; route: RouteDef }[], op: OperationName): RouteDef {
  return routes.find((r) => r.op === op)!.route;
}

/** Another admin puts the settings back to their defaults: the reset, else an update writing nothing. */
export function resetCall(ops: Operations, idArg: string): string {
  return ops.reset
    ? `admin.execute(${JSON.stringify(ops.reset)}, ${idArg})`
    : `admin.execute(${JSON.stringify(ops.update)}, ${idArg}, { body: {} })`;
}

export function withoutList({ list: _list, ...ops }: Operations): Omit<Operations, "list"> {
  return ops;
}

/** The provider kind and the emulator's collection whose objects the settings belong to, by the ID naming them. */
export function ownerOf(idParam: string): { kind: string; collection: string; noun: string } {
  const spec = Object.values(RESOURCE_SPECS).find((s) => s.identity.idParam === idParam && s.ops.create);
  const kind = KINDS.find((k) => k.idParam === idParam && !k.settingsOf);
  if (!spec || !kind || !SUPPORT_OF_OWNER[idParam])
    throw new Error(`--shape settings: settings of the object ${idParam} names are not scaffolded yet`);
  return { kind: spec.kind, collection: kind.name, noun: kind.noun };
}

export function plural(word: string): string {
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  return /(s|x|ch|sh)$/.test(word) ? `${word}es` : `${word}s`;
}

/** The file under contract/ that exports the schema, without its extension. */
export function schemaFileOf(root: string, schemaName: string): string {
  const dir = path.join(root, "contract", "schemas");
  const declares = new RegExp(`^export (const|function) ${schemaName}\\b`, "m");
  for (const file of fs.readdirSync(dir).sort())
    if (file.endsWith(".ts") && declares.test(fs.readFileSync(path.join(dir, file), "utf8")))
      return `contract/schemas/${file.slice(0, -3)}`;
  throw new Error(`--schema ${schemaName}: no file of contract/schemas/ declares it`);
}
