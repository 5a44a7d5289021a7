// The page /ui/ is served from emulator/ui/, found from the emulator module's own place (never the
// working directory), and a file missing from an installed package is a 500 that names the file
// inside the package, never a path of the machine. The page in a browser: tests/emulator/admin/ui.test.ts;
// from an installed package: tests/packaging/install.slow.test.ts.
import * as fs from "node:fs";
import * as os from "node:os";
import type { RunningEmulator } from "../../../emulator";
import { start } from "../../support/emulatorClient";

let emulator: RunningEmulator;
const cwd = process.cwd();

beforeAll(async () => {
  // Another working directory: the files are found from the module, not from where the process runs.
  process.chdir(os.tmpdir());
  emulator = await start();
});

afterAll(async () => {
  process.chdir(cwd);
  await emulator.close();
});

afterEach(() => jest.restoreAllMocks());

test.each([
  ["/ui/", "text/html", "<html"],
  ["/ui/app.js", "text/javascript", "fetch("],
  ["/ui/style.css", "text/css", "{"],
])("GET %s answers the page's file, whatever the working directory", async (path, type, content) => {
  const reply = await fetch(`${emulator.url}${path}`);
  expect(reply.status).toBe(200);
  expect(reply.headers.get("content-type")).toContain(type);
  expect(await reply.text()).toContain(content);
});

test("a page file that cannot be read is a 500 naming it inside the package, with no path of the machine", async () => {
  const readFileSync = fs.readFileSync;
  jest.spyOn(fs, "readFileSync").mockImplementation(((file: fs.PathOrFileDescriptor, options?: unknown) => {
    if (String(file).endsWith("style.css"))
      throw Object.assign(new Error(`ENOENT: no such file or directory, open '${String(file)}'`), { code: "ENOENT" });
    return readFileSync(file, options as never);
  }) as typeof fs.readFileSync);
  const reply = await fetch(`${emulator.url}/ui/style.css`);
  const body = await reply.text();
  expect(reply.status).toBe(500);
  expect(JSON.parse(body).errors).toEqual([
    expect.objectContaining({
      code: "NMS-INTERNAL",
      message: "the page's file emulator/ui/style.css is missing from the pulumi-nms package",
    }),
  ]);
  expect(body).not.toContain(cwd);
});
