// Code names an operation by its name (contract/routes.ts): a verb and an object, as the vendor's generated
// clients name theirs. The API documentation's ID is a column of the route table, for cross-references in the
// docs; the provider, the importer and the emulator's services never use it, in code or in comments.
import * as fs from "node:fs";
import * as path from "node:path";
import { OPERATION_NAMES, operationWithId, ROUTES } from "../../contract";

const ROOT = path.resolve(__dirname, "..", "..");
const NAMED_ONLY = ["provider", "importer", "emulator/services"];
/** An operation ID of the API documentation: A4, W76, S10, F2, C1, U2. */
const BARE_ID = /\b[AWSFCU]\d{1,3}\b/;
/** What an operation does, first in its name. */
const VERBS = [
  "list",
  "get",
  "create",
  "update",
  "delete",
  "reset",
  "replace",
  "bind",
  "unbind",
  "activate",
  "deactivate",
  "enable",
  "disable",
  "import",
  "download",
  "regenerate",
  "invite",
  "disconnect",
  "reboot",
  "factoryReset",
  "ping",
  "traceRoute",
  "schedule",
];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(relative);
    return /\.(ts|js|json)$/.test(entry.name) ? [relative] : [];
  });
}

test("no operation name in the code or comments of the provider, the importer and the emulator's services", () => {
  const found = NAMED_ONLY.flatMap(sourceFiles).flatMap((file) =>
    fs
      .readFileSync(path.join(ROOT, file), "utf8")
      .split("\n")
      .flatMap((line, i) => (BARE_ID.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
  );
  expect(found).toEqual([]);
});

test("every operation is named by a verb and an object in camelCase (login alone has no object)", () => {
  const verbFirst = new RegExp(`^(${VERBS.join("|")})[A-Z][A-Za-z]*$`);
  expect(OPERATION_NAMES.filter((op) => op !== "login" && !verbFirst.test(op))).toEqual([]);
});

test("every operation keeps its own ID of the API documentation, and the ID leads back to it", () => {
  expect(new Set(OPERATION_NAMES.map((op) => ROUTES[op].id)).size).toBe(OPERATION_NAMES.length);
  for (const op of OPERATION_NAMES) expect(operationWithId(ROUTES[op].id)).toBe(op);
});
