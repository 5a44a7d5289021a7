// Programs that compiled against the SDK before it took the layout of Pulumi's own packages still
// compile: every name it exported is still exported (a renamed type keeps its old name as an
// alias), and nested values written as plain object literals fit the shared types. The program is
// tests/sdk/fixtures/previousNames/index.ts, checked against the built declarations, as a user's
// program sees the package.
import * as fs from "node:fs";
import * as path from "node:path";
import * as ts from "typescript";

const ROOT = path.resolve(__dirname, "..", "..");

/** The type errors of a program importing "pulumi-nms" from these declarations. */
function typeErrors(files: string[], sdk: string): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(ROOT, "tsconfig.json"),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined },
  )!;
  const program = ts.createProgram(files, {
    ...config.options,
    noEmit: true,
    types: [],
    paths: { "pulumi-nms": [sdk] },
  });
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => `${d.file?.fileName ?? ""}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`);
}

test("a program using every name the SDK exported before compiles against it", () => {
  // Against the built declarations (npm test builds first), as the example programs are checked.
  const sdk = path.join(ROOT, "dist", "sdk", "index.d.ts");
  if (!fs.existsSync(sdk)) throw new Error("dist/sdk/index.d.ts is missing: run `npm run build` first");
  expect(typeErrors([path.join(__dirname, "fixtures", "previousNames", "index.ts")], sdk)).toEqual([]);
});
