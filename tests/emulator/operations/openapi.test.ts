// The OpenAPI document of the emulated API (emulator/operations/openapi.ts), fetched from a running emulator
// at GET /openapi.json: valid under an OpenAPI validator, with every route of the table, the
// request bodies of the kinds' writes, the schema of every answer, the session cookie and the
// error body.
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import { OPERATION_NAMES, ROUTES, type OperationName } from "../../../contract";
import type { RunningEmulator } from "../../../emulator";
import { KINDS } from "../../../emulator/services/registry";
import { start } from "../../support/emulatorClient";

const ROOT = path.resolve(__dirname, "..", "..", "..");
let emu: RunningEmulator;
let document: any;
let status: number;

beforeAll(async () => {
  emu = await start();
  const reply = await fetch(`${emu.url}/openapi.json`);
  status = reply.status;
  document = await reply.json();
});
afterAll(() => emu.close());

/** The validator is an ES module only: it runs in a node of its own, on the document written to a file. */
async function validate(doc: unknown): Promise<{ valid: boolean; errors?: unknown }> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "openapi-")), "openapi.json");
  fs.writeFileSync(file, JSON.stringify(doc));
  const script =
    'import { Validator } from "@seriousme/openapi-schema-validator"; import { readFileSync } from "node:fs";' +
    "const result = await new Validator().validate(JSON.parse(readFileSync(process.argv[1], 'utf8')));" +
    "process.stdout.write(JSON.stringify({ valid: result.valid, errors: result.errors }));";
  try {
    const { stdout } = await promisify(execFile)(process.execPath, ["--input-type=module", "-e", script, file], {
      cwd: ROOT,
    });
    return JSON.parse(stdout);
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

test("GET /openapi.json answers the document without a session", () => {
  expect(status).toBe(200);
  expect(document.openapi).toBe("3.0.3");
});

test("the document is valid OpenAPI 3 (@seriousme/openapi-schema-validator), and the validator refuses a broken one", async () => {
  const [good, broken] = await Promise.all([
    validate(document),
    validate({ ...document, info: undefined, paths: { "/x": { get: { responses: 7 } } } }),
  ]);
  expect(good).toEqual({ valid: true });
  expect(broken.valid).toBe(false);
});

test("each route of the table is in it, under its method and path, named by its operation name", () => {
  for (const op of OPERATION_NAMES) {
    const route = ROUTES[op];
    const operation = document.paths[route.path]?.[route.method.toLowerCase()];
    expect({ op, operationId: operation?.operationId, success: Object.keys(operation?.responses ?? {})[0] }).toEqual({
      op,
      operationId: op,
      success: String(route.success),
    });
  }
  const documented = Object.values(document.paths).flatMap((methods: any) =>
    Object.values(methods).map((o: any) => o.operationId),
  );
  expect(documented.sort()).toEqual([...OPERATION_NAMES].sort());
});

test("a kind's create and update take the kind's schema; bulk deletes an array of IDs", () => {
  const bodyOf = (op: string) => {
    const route = ROUTES[op as keyof typeof ROUTES];
    return document.paths[route.path][route.method.toLowerCase()].requestBody?.content?.["application/json"]?.schema;
  };
  for (const kind of KINDS) {
    // An object's fields, the forms of a union (a network per type), or the fields of an array's items (updateVenueLanPorts).
    for (const op of [kind.ops.create, kind.ops.update].filter((o) => o !== undefined))
      expect([op, Boolean(bodyOf(op!)?.properties ?? bodyOf(op!)?.anyOf ?? bodyOf(op!)?.items?.properties)]).toEqual([
        op,
        true,
      ]);
    if (kind.ops.bulkDelete)
      expect(bodyOf(kind.ops.bulkDelete)).toMatchObject({ type: "array", items: { type: "string" } });
  }
  expect(bodyOf("createVenue")).toMatchObject({
    required: ["name"],
    properties: { name: { type: "string", minLength: 2, maxLength: 32 } },
  });
  expect(bodyOf("createAps")).toMatchObject({ type: "array", items: { type: "object" } });
});

test("the session cookie is the security scheme (login needs none), errors have the service's body, async writes answer a requestId", () => {
  expect(document.components.securitySchemes.sessionCookie).toEqual(
    expect.objectContaining({ type: "apiKey", in: "cookie", name: "API-KEY" }),
  );
  expect(document.security).toEqual([{ sessionCookie: [] }]);
  expect(document.paths[ROUTES.login.path].post.security).toEqual([]);
  expect(document.paths[ROUTES.listVenues.path].get.security).toBeUndefined();
  expect(document.components.schemas.ErrorBody).toMatchObject({
    required: ["errors"],
    properties: { errors: { type: "array", minItems: 1 } },
  });
  expect(document.components.schemas.ErrorBody.properties.errors.items.required).toEqual(["code", "message"]);
  expect(document.paths[ROUTES.deleteVenue.path].delete.responses["202"].content["application/json"].schema).toEqual({
    $ref: "#/components/schemas/AcceptedRequest",
  });
  expect(
    document.paths[ROUTES.createVenue.path].post.responses["202"].content["application/json"].schema,
  ).toMatchObject({
    allOf: [
      { $ref: "#/components/schemas/AcceptedAnswer" },
      { properties: { response: { required: expect.arrayContaining(["id", "name", "floorPlans"]) } } },
    ],
  });
  expect(document.components.schemas.AcceptedRequest.required).toEqual(["requestId"]);
  expect(document.paths[ROUTES.listAps.path].get.parameters.map((p: any) => p.name)).toEqual([
    "tenantId",
    "page",
    "size",
  ]);
  expect(
    document.paths[ROUTES.listSwitches.path].get.parameters
      .filter((p: any) => p.in === "header")
      .map((p: any) => p.name),
  ).toEqual(["x-rks-tenantid", "x-request-id"]);
});

test("every answer with a body has its schema: reads their read form with the documented defaults required, writes the envelope", () => {
  const answerOf = (op: OperationName) => {
    const route = ROUTES[op];
    return document.paths[route.path][route.method.toLowerCase()].responses[String(route.success)].content?.[
      "application/json"
    ]?.schema;
  };
  for (const op of OPERATION_NAMES.filter((o) => ROUTES[o].success !== 302)) {
    const schema = answerOf(op);
    expect({ op, described: schema !== undefined && Object.keys(schema).length > 0 }).toEqual({ op, described: true });
  }
  expect(answerOf("getVenue")).toMatchObject({
    type: "object",
    required: expect.arrayContaining(["id", "name", "floorPlans", "createdDate", "updatedDate"]),
  });
  expect(answerOf("updateAp").allOf[1].properties.response.required).toEqual(
    expect.arrayContaining(["serialNumber", "venueId", "apGroupId", "state"]),
  );
  // A radio band answers every field, changeInterval in the range the service's clients read.
  const band = answerOf("getVenueRadio").properties.radioParams24G;
  expect(band.required).toEqual(
    expect.arrayContaining([
      "allowedChannels",
      "changeInterval",
      "channelBandwidth",
      "method",
      "scanInterval",
      "txPower",
    ]),
  );
  expect(band.properties.changeInterval).toMatchObject({ type: "integer", minimum: 100, maximum: 1440 });
  expect(answerOf("listGuestUsers")).toMatchObject({
    properties: { content: { type: "array" }, totalElements: { type: "integer" } },
  });
  expect(answerOf("getVenueValidChannels")).toMatchObject({ required: ["2.4GChannels", "5GChannels"] });
});

test("every JSON body is described by the schema the emulator reads it with, not a bare object or array", () => {
  for (const op of OPERATION_NAMES.filter((o) => ROUTES[o].body === "object" || ROUTES[o].body === "array")) {
    const route = ROUTES[op];
    const schema =
      document.paths[route.path][route.method.toLowerCase()].requestBody.content["application/json"].schema;
    const bare =
      JSON.stringify(schema) === JSON.stringify({ type: "object" }) ||
      JSON.stringify(schema) === JSON.stringify({ type: "array", items: {} });
    expect({ op, bare }).toEqual({ op, bare: false });
  }
});
