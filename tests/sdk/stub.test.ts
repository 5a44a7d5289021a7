// The provider Pulumi stores in state for every resource: small, free of credentials and live
// objects, and able to load the implementation from the installed package, as the
// dynamic-provider host does (require-from-string, resolving from the working directory).
import { RESOURCE_SPECS } from "../../provider/resources";

// The built stub, not a test-time recompile: its exact text is what users' state stores.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { providerStub } = require("../../dist/sdk/stub") as typeof import("../../sdk/stub");

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { serializeFunction } = require("@pulumi/pulumi/runtime/closure/serializeClosure");
// eslint-disable-next-line @typescript-eslint/no-require-imports
const requireFromString = require("require-from-string");

async function serialized(kind: string): Promise<string> {
  const provider = providerStub(kind);
  const result = await serializeFunction(() => provider, { allowSecrets: true });
  return result.text as string;
}

describe("serialized provider", () => {
  it.each(Object.keys(RESOURCE_SPECS))("%s: under 2 KB, capturing only the resource kind", async (kind) => {
    process.env.NMS_PASSWORD = "do-not-capture-me";
    const text = await serialized(kind);
    expect(text.length).toBeLessThan(2048);
    expect(text).toContain('"pulumi-nms/runtime"');
    expect(text).toContain(`"${kind}"`);
    expect(text).not.toContain("do-not-capture-me");
    expect(text).not.toMatch(/undici|zod|Agent/);
  });

  it("loads the implementation from the installed package when the host runs it", async () => {
    const text = await serialized("Venue");
    const provider = requireFromString(text).handler();
    const checked = await provider.check({}, { name: "x" });
    expect(checked.failures).toEqual([{ property: "name", reason: "must be 2 to 32 characters" }]);
  });
});
