// npm run new-kind's output for one kind of each shape, written into a copy of the files it reads, line by line:
// its own files as they read, and each registry with exactly the kind's lines, where they belong. The scaffold
// built in a scratch copy of the repository: tests/scripts/newKind.slow.test.ts (npm run test:new-kind).
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { scaffoldKind, writeScaffold } from "../../scripts/newKind";

const ROOT = path.resolve(__dirname, "..", "..");
const READ = [
  "contract/schemas",
  "provider/resources/index.ts",
  "emulator/services/registry.ts",
  "tests/sdk/kindCases/core.ts",
  "tests/sdk/kindCases/wifiServices.ts",
  "tests/provider/badInput.property.test.ts",
  "importer/kinds.ts",
];

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "nms-new-kind-"));
  for (const file of READ) fs.cpSync(path.join(ROOT, file), path.join(dir, file), { recursive: true });
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const linesOf = (file: string) => fs.readFileSync(path.join(dir, file), "utf8").split("\n");
const originalLinesOf = (file: string) => fs.readFileSync(path.join(ROOT, file), "utf8").split("\n");

/** The lines the scaffold added to a registry, each with the line above it; fails when it changed any other. */
function added(file: string): { line: string; after: string }[] {
  const before = originalLinesOf(file);
  const after = linesOf(file);
  const out: { line: string; after: string }[] = [];
  let i = 0;
  after.forEach((line, j) => {
    if (i < before.length && line === before[i]) i++;
    else out.push({ line, after: after[j - 1] });
  });
  expect(i).toBe(before.length);
  return out;
}

const carrierProfile = {
  name: "CarrierProfile",
  shape: "created" as const,
  routes: [
    "listWifiCallingProfiles",
    "createWifiCallingProfile",
    "deleteWifiCallingProfiles",
    "getWifiCallingProfile",
    "updateWifiCallingProfile",
    "deleteWifiCallingProfile",
  ],
  schema: "wifiCallingProfileInputSchema",
};

test("a created object: its declaration, its emulator kind, and one line in each registry", () => {
  const written = writeScaffold(dir, scaffoldKind(dir, carrierProfile));
  expect(written.sort()).toEqual(
    [
      "emulator/services/registry.ts",
      "emulator/services/wifi/carrierProfiles.ts",
      "provider/resources/carrierProfile.ts",
      "provider/resources/index.ts",
      "tests/provider/badInput.property.test.ts",
      "tests/sdk/kindCases/wifiServices.ts",
    ].sort(),
  );
  expect(linesOf("provider/resources/carrierProfile.ts")).toEqual([
    'import { wifiCallingProfileInputSchema } from "../../contract/schemas/wifiCalling";',
    'import { resourceSpec } from "../spec";',
    "",
    "export const carrierProfileSpec = resourceSpec({",
    '  kind: "CarrierProfile",',
    '  description: "The Wi-Fi calling profile (listWifiCallingProfiles, createWifiCallingProfile, deleteWifiCallingProfiles, getWifiCallingProfile, updateWifiCallingProfile, deleteWifiCallingProfile).",',
    "  inputSchema: () => wifiCallingProfileInputSchema,",
    '  identity: { idParam: "wifiCallingProfileId" },',
    '  ops: { create: "createWifiCallingProfile", bulkDelete: "deleteWifiCallingProfiles", read: "getWifiCallingProfile", update: "updateWifiCallingProfile", delete: "deleteWifiCallingProfile" },',
    '  destroy: "delete",',
    '  readFromList: { op: "listWifiCallingProfiles" },',
    "});",
    "",
  ]);
  const emulatorKind = linesOf("emulator/services/wifi/carrierProfiles.ts");
  expect(emulatorKind).toContain(
    "export const carrierProfiles: KindDef<CarrierProfileRecord, CarrierProfileInput> = {",
  );
  expect(emulatorKind).toContain('  noun: "Wi-Fi calling profile",');
  expect(emulatorKind).toContain(
    '  ops: { lists: [{ op: "listWifiCallingProfiles" }], create: "createWifiCallingProfile", bulkDelete: "deleteWifiCallingProfiles", get: "getWifiCallingProfile", update: "updateWifiCallingProfile", delete: "deleteWifiCallingProfile" },',
  );
  expect(added("provider/resources/index.ts")).toEqual([
    {
      line: 'import { carrierProfileSpec } from "./carrierProfile";',
      after: 'import { venueVspotBindingSpec } from "./venueVspotBinding";',
    },
    { line: "    carrierProfileSpec,", after: "    venueVspotBindingSpec," },
  ]);
  const registry = added("emulator/services/registry.ts");
  expect(registry).toEqual([
    { line: 'import { carrierProfiles } from "./wifi/carrierProfiles";', after: expect.stringMatching(/^import /) },
    { line: "  carrierProfiles,", after: expect.stringMatching(/^ {2}\w+,$/) },
  ]);
  // The entry closes the list of kinds, not the operations that follow it.
  const kinds = linesOf("emulator/services/registry.ts");
  expect(kinds[kinds.indexOf("  carrierProfiles,") + 1]).toMatch(/^\] as readonly KindDef\[\]/);
  const row = added("tests/sdk/kindCases/wifiServices.ts").map((a) => a.line);
  expect(row[0]).toBe("  {");
  expect(row).toContain('    kind: "CarrierProfile",');
  expect(row).toContain(
    '    destroyed: ({ admin, id }) => expectGone(() => admin.call("getWifiCallingProfile", { wifiCallingProfileId: id })),',
  );
  expect(row[row.length - 1]).toBe("  },");
  const generator = added("tests/provider/badInput.property.test.ts").map((a) => a.line);
  expect(generator[0]).toBe("  CarrierProfile: () =>");
  expect(generator[1]).toMatch(/^ {4}fc\.oneof\(fc\.integer\(\), fc\.boolean\(\)\)\.map\(\(profileName\) =>/);
  expect(generator[1]).toMatch(/path: "profileName" \}\)\),$/);
});

test("settings of a venue: identity from the venue's ID, reset on destroy, the kinds-table row on the venue", () => {
  const files = scaffoldKind(dir, {
    name: "VenueSyslogCopy",
    shape: "settings",
    routes: ["getVenueSyslog", "updateVenueSyslog", "resetVenueSyslog"],
    schema: "venueSyslogInputSchemaFor",
    family: "core",
  });
  // The importer already knows what a venueId names.
  expect(files.map((f) => f.path)).not.toContain("importer/kinds.ts");
  writeScaffold(dir, files);
  const declaration = linesOf("provider/resources/venueSyslogCopy.ts");
  expect(declaration).toContain('  identity: { idParam: "venueId", idFromInput: "venueId" },');
  expect(declaration).toContain(
    '  ops: { read: "getVenueSyslog", update: "updateVenueSyslog", reset: "resetVenueSyslog" },',
  );
  expect(declaration).toContain('  destroy: "reset",');
  expect(declaration).toContain('  deletedWithParent: { input: "venueId", kind: "Venue" },');
  const emulatorKind = linesOf("emulator/services/wifi/venueSyslogCopies.ts");
  expect(emulatorKind).toContain('  idFrom: { param: "venueId" },');
  expect(emulatorKind).toContain('    kind: "venues",');
  const row = added("tests/sdk/kindCases/core.ts").map((a) => a.line);
  expect(row).toContain('    args: { venueId: "${hq}" },');
  expect(row).toContain(
    '    removed: { make: ({ admin, id }) => admin.execute("resetVenueSyslog", { venueId: id }).then(() => undefined), refresh: "update" },',
  );
});

test("what the scaffold cannot write is refused, naming the flag", () => {
  expect(() => scaffoldKind(dir, { ...carrierProfile, routes: ["listWifiCallingProfiles", "X1"] })).toThrow(
    'no operation "X1" in contract/routes.ts',
  );
  expect(() => scaffoldKind(dir, { ...carrierProfile, name: "Venue" })).toThrow("the provider has that kind already");
  expect(() => scaffoldKind(dir, { ...carrierProfile, schema: "noSuchSchema" })).toThrow("--schema noSuchSchema");
  expect(() =>
    scaffoldKind(dir, { ...carrierProfile, routes: ["listWifiCallingProfiles", "getWifiCallingProfile"] }),
  ).toThrow("needs its create");
  expect(() =>
    scaffoldKind(dir, {
      ...carrierProfile,
      routes: ["deleteVlan", "listProfileVlans", "deleteVlans", "listVenueVlans"],
    }),
  ).toThrow("not scaffolded yet");
  fs.mkdirSync(path.join(dir, "provider/resources"), { recursive: true });
  fs.writeFileSync(path.join(dir, "provider/resources/carrierProfile.ts"), "// by hand\n");
  expect(() => writeScaffold(dir, scaffoldKind(dir, carrierProfile))).toThrow("exists already");
});
