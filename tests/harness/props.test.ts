// Property values in the engine's wire form: secrets marked, copied and removed.
import {
  type PropertyMap,
  SECRET_SIG,
  SIG_KEY,
  annotateSecrets,
  makeSecret,
  markStepSecrets,
  stripSecrets,
} from "../../harness/props";

const secret = (v: PropertyMap[string]) => makeSecret(v);

describe("secrets in property maps", () => {
  test("annotateSecrets recurses into objects and marks whole values otherwise", () => {
    const inputs: PropertyMap = {
      password: secret("pw"),
      wlan: { psk: secret("k"), vlanId: 10 },
      tags: ["a", secret("b")],
      plain: "x",
    };
    const outputs: PropertyMap = {
      password: "pw",
      wlan: { psk: "k", vlanId: 10, extra: 1 },
      tags: ["a", "b"],
      plain: "x",
      token: "t",
    };
    annotateSecrets(outputs, inputs);
    expect(outputs).toEqual({
      password: secret("pw"),
      wlan: { psk: secret("k"), vlanId: 10, extra: 1 },
      tags: secret(["a", "b"]),
      plain: "x",
      token: "t",
    });
    markStepSecrets(outputs, {}, ["token", "missing"]);
    expect(outputs["token"]).toEqual({ [SIG_KEY]: SECRET_SIG, value: "t" });
    expect("missing" in outputs).toBe(false);
    expect(stripSecrets(outputs)).toEqual({
      password: "pw",
      wlan: { psk: "k", vlanId: 10, extra: 1 },
      tags: ["a", "b"],
      plain: "x",
      token: "t",
    });
  });

  test("every step marks outputs secret where the same-named input is a secret, and for additionalSecretOutputs except id (step_executor.go)", () => {
    const outputs: PropertyMap = { token: "t", nested: { psk: "k" }, id: "x", plain: 1 };
    markStepSecrets(outputs, { token: secret("t"), nested: { psk: secret("k") } }, ["plain", "id"]);
    expect(outputs).toEqual({ token: secret("t"), nested: { psk: "k" }, id: "x", plain: secret(1) });
  });
});
