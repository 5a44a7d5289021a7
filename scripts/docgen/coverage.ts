// COVERAGE.md: every operation of the route table, whether the emulator serves it, which resource
// or function of the provider reaches it, and which tests call it. Emulated and reached are read
// from the code (the handlers derived from the emulator's kinds; the specs and the function
// table); tested is read from the tests' source text, by the rules the page states.
import * as fs from "node:fs";
import * as path from "node:path";
import { isOperationName, OPERATION_NAMES, routeOf, type OperationName } from "../../contract/routes";
import { deriveHandlers } from "../../emulator/operations/handlers";
import { KINDS, SERVICE_OPERATIONS } from "../../emulator/services/registry";
import { FUNCTION_SPECS, operationsOfFunction } from "../../provider/functions";
import { RESOURCE_SPECS } from "../../provider/resources";
import { wrapMarkdown } from "./markdown";
import { DOCS_HEADER } from "./resourcePage";
import { operationsOf } from "./probe";

/** Not in the API documentation: the rows of contract/routes.ts that say where they are known from instead. */
const NOT_DOCUMENTED: readonly OperationName[] = OPERATION_NAMES.filter(
  (op) => routeOf(op).beyondDocumentation !== undefined,
);
/** Login: the emulator's server answers it before any handler (tests/contract/routes.test.ts checks that only it has none). */
const SERVED_BY_SERVER: readonly OperationName[] = ["login"];
/** Roles of a resource's operations that tests/sdk/kinds.test.ts runs for every row of tests/sdk/kindCases/. */
const STACK_ROLES = ["create", "read", "update", "delete", "reset"];

function read(root: string, relative: string): string {
  return fs.readFileSync(path.join(root, relative), "utf8");
}

function testFiles(root: string, dir = "tests"): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return testFiles(root, relative);
    return entry.name.endsWith(".ts") ? [relative] : [];
  });
}

/** Operation names quoted in a text, as a test names them ("createNetworkDeep"). */
function quotedOps(text: string): Set<OperationName> {
  return new Set([...text.matchAll(/"([A-Za-z]\w*)"/g)].map((m) => m[1]).filter(isOperationName));
}

interface Tested {
  answers: Set<OperationName>;
  stack: Map<OperationName, string[]>;
  functions: Map<OperationName, string[]>;
  errors: Set<OperationName>;
}

async function testedOperations(root: string): Promise<Tested> {
  const files = testFiles(root);
  // answers.test.ts and its family drivers call each operation through check(), which holds the answer to its read schema.
  const answerFiles = files.filter(
    (f) => f === "tests/contract/answers.test.ts" || /^tests\/contract\/\w+Answers\.ts$/.test(f),
  );
  const answers = new Set<OperationName>();
  for (const file of answerFiles) for (const op of quotedOps(read(root, file))) answers.add(op);

  const caseText = files
    .filter((f) => f.startsWith("tests/sdk/kindCases/"))
    .map((f) => read(root, f))
    .join("\n");
  const kindsWithCases = new Set([...caseText.matchAll(/kind: "(\w+)"/g)].map((m) => m[1]));
  const stack = new Map<OperationName, string[]>();
  for (const spec of Object.values(RESOURCE_SPECS)) {
    if (!kindsWithCases.has(spec.kind)) continue;
    for (const { op, role } of await operationsOf(spec)) {
      if (!STACK_ROLES.some((r) => role.startsWith(r))) continue;
      stack.set(op, [...new Set([...(stack.get(op) ?? []), spec.kind])]);
    }
  }

  const allTests = files.map((f) => read(root, f)).join("\n");
  const functions = new Map<OperationName, string[]>();
  for (const spec of Object.values(FUNCTION_SPECS)) {
    if (!new RegExp(`\\b${spec.name}(Output)?\\(|"${spec.name}"`).test(allTests)) continue;
    for (const op of operationsOfFunction(spec)) functions.set(op, [...(functions.get(op) ?? []), spec.name]);
  }

  const errors = new Set<OperationName>();
  for (const file of files.filter((f) => /^tests\/emulator\/[\w-]*error[\w-]*\.test\.ts$/.test(f)))
    for (const op of quotedOps(read(root, file))) errors.add(op);
  return { answers, stack, functions, errors };
}

/** Which resources and functions reach each operation. */
async function reachedBy(): Promise<Map<OperationName, string[]>> {
  const reached = new Map<OperationName, string[]>();
  const add = (op: OperationName, who: string) => {
    const list = reached.get(op) ?? [];
    if (!list.includes(who)) list.push(who);
    reached.set(op, list);
  };
  for (const spec of Object.values(RESOURCE_SPECS)) for (const { op } of await operationsOf(spec)) add(op, spec.kind);
  for (const spec of Object.values(FUNCTION_SPECS))
    for (const op of operationsOfFunction(spec)) add(op, `${spec.name}()`);
  return reached;
}

/** The client's own operations: login and request records, quoted in provider/client/. */
function clientOperations(root: string): Set<OperationName> {
  const dir = "provider/client";
  const ops = new Set<OperationName>();
  for (const name of fs.readdirSync(path.join(root, dir)))
    if (name.endsWith(".ts")) for (const op of quotedOps(read(root, `${dir}/${name}`))) ops.add(op);
  return ops;
}

export async function coverageTable(root: string): Promise<string> {
  const handlers = deriveHandlers(KINDS, SERVICE_OPERATIONS);
  const reached = await reachedBy();
  const client = clientOperations(root);
  const tested = await testedOperations(root);
  const rows: string[] = [];
  const totals = { emulated: 0, reached: 0, answers: 0, stack: 0, functions: 0, errors: 0, any: 0 };
  for (const op of OPERATION_NAMES) {
    const route = routeOf(op);
    const emulated = handlers.has(op) || SERVED_BY_SERVER.includes(op);
    const by = [...(reached.get(op) ?? []), ...(client.has(op) ? ["the client itself"] : [])];
    const how: string[] = [];
    if (tested.answers.has(op)) how.push("answer");
    if (tested.stack.has(op)) how.push(`stack (${tested.stack.get(op)!.join(", ")})`);
    if (tested.functions.has(op)) how.push(`function (${tested.functions.get(op)!.join(", ")})`);
    if (tested.errors.has(op)) how.push("errors");
    totals.emulated += emulated ? 1 : 0;
    totals.reached += by.length > 0 ? 1 : 0;
    totals.answers += tested.answers.has(op) ? 1 : 0;
    totals.stack += tested.stack.has(op) ? 1 : 0;
    totals.functions += tested.functions.has(op) ? 1 : 0;
    totals.errors += tested.errors.has(op) ? 1 : 0;
    totals.any += how.length > 0 ? 1 : 0;
    const name = `${route.id} ${op}${NOT_DOCUMENTED.includes(op) ? " (not in the API documentation)" : ""}`;
    const emulatedText = !emulated ? "no" : handlers.has(op) ? "yes" : "yes (the server's login)";
    rows.push(
      `- ${name}: \`${route.method} ${route.path}\` ${route.summary}. Emulated: ${emulatedText}. ` +
        `Reachable from the provider: ${by.join(", ") || "no"}. Tested: ${how.join("; ") || "no"}.`,
    );
  }
  const documented = OPERATION_NAMES.filter((op) => !NOT_DOCUMENTED.includes(op)).length;
  const all = OPERATION_NAMES.length;
  let text = DOCS_HEADER + "# Coverage of the service's operations\n\n";
  text += `The ${documented} operations of the service's API documentation and ${NOT_DOCUMENTED.map((op) => routeOf(op).id).join(", ")} (${all} in all, every row of \`contract/routes.ts\`).\n\n`;
  text += "| | Operations |\n|---|---|\n";
  text += `| emulated | ${totals.emulated} of ${all} |\n| reachable from the provider | ${totals.reached} of ${all} |\n`;
  text += `| tested: answer held against its read schema | ${totals.answers} of ${all} |\n| tested: through a stack of every resource kind | ${totals.stack} of ${all} |\n`;
  text += `| tested: through an SDK function | ${totals.functions} of ${all} |\n| tested: named in an error-code test | ${totals.errors} of ${all} |\n`;
  text += `| tested in at least one of these ways | ${totals.any} of ${all} |\n\n`;
  text += "How each is known:\n\n";
  text +=
    "- **Emulated**: the emulator has a handler derived from its kind declarations (`emulator/operations/handlers.ts`, as `tests/contract/routes.test.ts` checks); login (A1) is answered by the server itself.\n";
  text +=
    "- **Reachable from the provider**: the resources whose declaration (`provider/resources/`) names the operation (create, read, update, delete, reset, toggles, triggers, refresh from a list) or whose adoption lookup, create-through or pre-write step calls it (seen by running them against a recording client, `scripts/docgen/probe.ts`); the functions of `provider/functions/index.ts`; and the operations the client itself quotes in `provider/client/` (login, request records).\n";
  text += "- **Tested**, read from the tests' source text:\n";
  text +=
    "  - *answer*: the operation name quoted in `tests/contract/answers.test.ts` or its drivers (`tests/contract/*Answers.ts`), which call each operation through `check()`, hold its success answer against its read schema, wait for its request record, for a tenant of each Wi-Fi API variant, and fail unless every operation of the route table was called;\n";
  text +=
    "  - *stack*: a create, read, update, delete or reset operation of a resource kind that has a row in `tests/sdk/kindCases/`, which `tests/sdk/kinds.test.ts` deploys, updates, refreshes and destroys through the provider;\n";
  text +=
    '  - *function*: the operation of an SDK function whose name a test calls (`name(`, `nameOutput(` or `"name"` anywhere under `tests/`);\n';
  text +=
    "  - *errors*: the operation name quoted in an error-code test of the emulator (`tests/emulator/*error*.test.ts`).\n\n";
  text +=
    "## Operations\n\nEach operation with its method, path and summary, then whether it is emulated, reachable from the provider and tested.\n\n";
  return wrapMarkdown(`${text}${rows.join("\n")}\n`);
}
