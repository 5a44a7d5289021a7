// URNs as the engine builds them (resource/urn.go).
import { makeUrn } from "../../harness/urns";

describe("URNs", () => {
  test("children of the root stack use their own type; deeper children chain the parent's type", () => {
    const stack = makeUrn("dev", "proj", "", "pulumi:pulumi:Stack", "proj-dev");
    expect(stack).toBe("urn:pulumi:dev::proj::pulumi:pulumi:Stack::proj-dev");
    const comp = makeUrn("dev", "proj", stack, "my:index:Group", "g");
    expect(comp).toBe("urn:pulumi:dev::proj::my:index:Group::g");
    expect(makeUrn("dev", "proj", comp, "pulumi-nodejs:dynamic:Resource", "r")).toBe(
      "urn:pulumi:dev::proj::my:index:Group$pulumi-nodejs:dynamic:Resource::r",
    );
  });
});
