// A policy pack's config as the CLI reconciles it (pkg/resource/analyzer/config.go): policy defaults, the
// pack's initial config, then the --policy-pack-config file, `all` first; parameters validated against
// each policy's schema; and, unlike the CLI, a key naming no policy of the pack refused.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { type PolicyInfo, readConfigFile, reconcileConfig } from "../../../harness/policy/config";

const POLICIES: PolicyInfo[] = [
  {
    name: "vlan-ranges",
    enforcementLevel: "mandatory",
    configSchema: { properties: { allowed: { type: "array", items: { type: "string" }, default: ["1-4094"] } } },
  },
  { name: "ap-not-in-default-group", enforcementLevel: "advisory", configSchema: { properties: {} } },
];

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "policy-config-"));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const f = path.join(dir, name);
  fs.writeFileSync(f, text);
  return f;
}

test("without a file each policy has its own level and its schema's defaults", () => {
  expect(reconcileConfig("pack", POLICIES, {}, undefined)).toEqual({
    "vlan-ranges": { enforcementLevel: "mandatory", properties: { allowed: ["1-4094"] } },
    "ap-not-in-default-group": { enforcementLevel: "advisory", properties: {} },
  });
});

test("`all` sets every level, then a policy's own entry sets its level and parameters", () => {
  const f = file(
    "all.json",
    JSON.stringify({ all: "advisory", "vlan-ranges": { enforcementLevel: "disabled", allowed: ["10-20"] } }),
  );
  expect(reconcileConfig("pack", POLICIES, {}, f)).toEqual({
    "vlan-ranges": { enforcementLevel: "disabled", properties: { allowed: ["10-20"] } },
    "ap-not-in-default-group": { enforcementLevel: "advisory", properties: {} },
  });
});

test("a key that names no policy of the pack is refused, with the pack's policies listed", () => {
  const f = file("unknown.json", JSON.stringify({ "vlan-range": "advisory" }));
  expect(() => reconcileConfig("pack", POLICIES, {}, f)).toThrow(
    `policy pack config ${f}: "vlan-range" is not a policy of the pack "pack" (its policies: vlan-ranges, ap-not-in-default-group)`,
  );
});

test("a parameter against the policy's schema is refused with the policy and the parameter", () => {
  const f = file("schema.json", JSON.stringify({ "vlan-ranges": { allowed: "10-20" } }));
  expect(() => reconcileConfig("pack", POLICIES, {}, f)).toThrow(
    'validating policy config for "pack": vlan-ranges: allowed must be array',
  );
});

test("a level that is none, a value of the wrong kind and a file that is not JSON are errors naming the file", () => {
  expect(() => readConfigFile(file("level.json", '{"vlan-ranges": "strict"}'))).toThrow(
    '"vlan-ranges": "strict" is not an enforcement level (advisory, mandatory, remediate, disabled)',
  );
  expect(() => readConfigFile(file("kind.json", '{"vlan-ranges": 3}'))).toThrow("3 is not a valid value");
  expect(() => readConfigFile(file("bad.json", "{"))).toThrow(/policy pack config .*bad\.json is not JSON/);
  expect(readConfigFile(file("empty.json", "  \n"))).toEqual({});
});
