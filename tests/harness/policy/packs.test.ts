// A resource's analysis is marshalled when the engine hands the resource over: inputs changed after the call (the
// harness keeps no copy of them for a pack still starting) do not reach the pack.
import * as path from "node:path";
import type { AnalyzedResource } from "../../../harness/policy/analyzer";
import { PolicyPacks } from "../../../harness/policy/packs";

const ECHO_PACK = path.join(__dirname, "..", "fixtures", "policy", "echo-pack");

test("a pack still starting is sent the inputs as they were when the resource was analyzed", async () => {
  const packs = new PolicyPacks([{ dir: ECHO_PACK }], {
    engineAddress: "127.0.0.1:1",
    organization: "organization",
    project: "echo",
    stack: "dev",
    dryRun: true,
    config: {},
    secretKeys: [],
    log: () => undefined,
  });
  try {
    const resource: AnalyzedResource = {
      urn: "urn:pulumi:dev::echo::test:index:Thing::one",
      type: "test:index:Thing",
      name: "one",
      properties: { value: "as checked", __internal: "left out" },
      options: { ignoreChanges: [], additionalSecretOutputs: [], aliases: [] },
    };
    const analysis = packs.analyze(resource);
    resource.properties.value = "changed after";
    await analysis;
    expect(packs.violations.map((v) => v.message)).toEqual([expect.stringContaining('value="as checked"')]);
  } finally {
    await packs.close();
  }
});
