import * as structproto from "google-protobuf/google/protobuf/struct_pb";
import * as analyzerproto from "@pulumi/pulumi/proto/analyzer_pb";
import { repeatedField, withStructField } from "../../../harness/policy/wire";
import type { PropertyMap } from "../../../harness/props";

// Every kind of value a resource's wire-form properties hold: nested objects and lists, secrets, unknowns, unicode.
const PROPERTIES: PropertyMap = {
  name: "corp",
  zeta: 0,
  alpha: -1.5,
  big: 2 ** 40 + 0.25,
  none: null,
  on: true,
  off: false,
  "ünïcode-key": "välue ✓",
  empty: "",
  wlan: { ssid: "corp", vlanId: 10, tags: [1, "two", null, { deep: [false] }, []], nested: {} },
  passphrase: { "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270", value: "s3cret" },
  unknown: "04da6b54-80e4-46f7-96ec-b56ff0331ba9",
  long: "x".repeat(300),
};

const struct = (m: PropertyMap) => structproto.Struct.fromJavaScript(m as Record<string, structproto.JavaScriptValue>);

test("a request's properties are the bytes google-protobuf writes for the same Struct", () => {
  const req = new analyzerproto.AnalyzeRequest();
  req.setUrn("urn:pulumi:s::p::t::n");
  req.setType("t");
  const ours = withStructField(req.serializeBinary(), 2, PROPERTIES);
  req.setProperties(struct(PROPERTIES));
  // The same fields; google-protobuf writes properties (2) between type (1) and urn (3), we append it.
  const decoded = analyzerproto.AnalyzeRequest.deserializeBinary(ours);
  expect(decoded.toObject()).toEqual(req.toObject());
  expect(decoded.getProperties()?.toJavaScript()).toEqual(PROPERTIES);
  expect(Buffer.from(decoded.serializeBinary())).toEqual(Buffer.from(req.serializeBinary()));
});

test("a Struct alone is byte for byte google-protobuf's, map keys sorted as its Map sorts them", () => {
  const holder = new analyzerproto.AnalyzerResource();
  const ours = withStructField(new Uint8Array(), 2, PROPERTIES);
  holder.setProperties(struct(PROPERTIES));
  expect(Buffer.from(ours)).toEqual(Buffer.from(holder.serializeBinary()));
});

test("the stack's resources are a repeated field of serialized resources", () => {
  const resources = ["a", "b"].map((name) => {
    const r = new analyzerproto.AnalyzerResource();
    r.setName(name);
    r.setProperties(struct({ name, n: 1 }));
    return r;
  });
  const ours = repeatedField(
    1,
    resources.map((r) => r.serializeBinary()),
  );
  const req = new analyzerproto.AnalyzeStackRequest();
  req.setResourcesList(resources);
  expect(Buffer.from(ours)).toEqual(Buffer.from(req.serializeBinary()));
});
