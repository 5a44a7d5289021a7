// The generated project type-checks under TypeScript 5 and TypeScript 6, as a user's `tsc` would run it
// against the installed package: TypeScript 6 refuses node10 module resolution (TS5107), which the
// project once set. TypeScript 6 comes from tests/support/typescript6 (a devDependency of its own, whose
// typescript@6 stays below it so that the project's `tsc` is still TypeScript 5).
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import { projectFiles } from "../../importer/emit";
import { programOf } from "../../importer/program";
import type { ImportedObject } from "../../importer/read";

const ROOT = path.resolve(__dirname, "../..");
const run = promisify(execFile);

const VENUE = "1".padStart(32, "0");
const NETWORK = "2".padStart(32, "0");

function object(kind: string, id: string, inputs: Record<string, unknown>): ImportedObject {
  return { kind, id, inputs, filled: {}, api: { id, ...inputs } };
}

let dir: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "nms-import-tsc-"));
  const model = await programOf(
    {
      objects: [
        object("Venue", VENUE, { name: "HQ" }),
        object("Network", NETWORK, {
          name: "Staff",
          type: "psk",
          wlan: { ssid: "staff", wlanSecurity: "WPA2Personal" },
          passphrase: "staff-Passphrase-1",
        }),
        object("NetworkVenueActivation", "3".padStart(32, "0"), {
          networkId: NETWORK,
          venueId: VENUE,
          isAllAPGroups: true,
        }),
      ],
      skipped: [],
      unreadable: [],
    },
    { kinds: ["Venue", "Network", "NetworkVenueActivation"], variant: "newer" },
  );
  const files = projectFiles(model, {
    project: "hq",
    stack: "dev",
    tenantId: "9".padStart(32, "0"),
    address: { key: "nms:region", value: "eu" },
    packageVersion: "0.1.0",
  });
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
});

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

test.each([
  ["TypeScript 5", ROOT, /^Version 5\./],
  ["TypeScript 6", path.join(ROOT, "tests", "support", "typescript6"), /^Version 6\./],
])(
  "the generated project type-checks under %s",
  async (_name, from, version) => {
    const tsc = require.resolve("typescript/bin/tsc", { paths: [from] });
    expect((await run(process.execPath, [tsc, "--version"])).stdout).toMatch(version);
    await run(process.execPath, [tsc, "-p", dir, "--noEmit"]).catch((error: { stdout?: string }) => {
      throw new Error(`the generated project does not type-check:\n${error.stdout}`);
    });
  },
  60_000,
);
