// npm run new-kind in a scratch copy of the repository (its tracked files, node_modules linked): a created object
// and settings of a venue are scaffolded, formatted, pass the linter and type-check with the whole source and tests.
// Not in `npm test` (the type check of the copy takes about a minute on 2 cores): npm run test:new-kind.
import { execFile, execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import { formatWritten, scaffoldKind, writeScaffold } from "../../scripts/newKind";

const ROOT = path.resolve(__dirname, "..", "..");
let scratch: string;

beforeAll(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), "nms-new-kind-repo-"));
  const tracked = execFileSync("git", ["ls-files", "-z"], { cwd: ROOT, encoding: "utf8" }).split("\0");
  for (const file of tracked.filter((f) => f !== "" && fs.existsSync(path.join(ROOT, f))))
    fs.cpSync(path.join(ROOT, file), path.join(scratch, file));
  fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(scratch, "node_modules"), "dir");
});
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

test("the scaffolded kinds pass the linter and build with the source and tests", async () => {
  const written = [
    ...writeScaffold(
      scratch,
      scaffoldKind(scratch, {
        name: "CarrierProfile",
        shape: "created",
        routes: [
          "listWifiCallingProfiles",
          "createWifiCallingProfile",
          "deleteWifiCallingProfiles",
          "getWifiCallingProfile",
          "updateWifiCallingProfile",
          "deleteWifiCallingProfile",
        ],
        schema: "wifiCallingProfileInputSchema",
      }),
    ),
    ...writeScaffold(
      scratch,
      scaffoldKind(scratch, {
        name: "VenueSyslogCopy",
        shape: "settings",
        routes: ["getVenueSyslog", "updateVenueSyslog", "resetVenueSyslog"],
        schema: "venueSyslogInputSchemaFor",
        family: "core",
      }),
    ),
  ];
  const files = [...new Set(written)];
  formatWritten(scratch, files);
  const run = promisify(execFile);
  await run(path.join(scratch, "node_modules", ".bin", "biome"), ["ci", ...files], { cwd: scratch });
  await run(
    process.execPath,
    [path.join(scratch, "node_modules", "typescript", "bin", "tsc"), "-p", "tsconfig.test.json"],
    {
      cwd: scratch,
      maxBuffer: 16 * 1024 * 1024,
    },
  ).catch((error: { stdout?: string }) => {
    throw new Error(`tsc in the scratch copy:\n${error.stdout ?? String(error)}`);
  });
}, 600_000);
