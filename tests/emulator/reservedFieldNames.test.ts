// A body member named __proto__, constructor or prototype is refused on every route with a 400 naming
// it: a copy of the body by assignment would take it as its prototype and read its fields as the
// body's (POST /venue {"name": ..., "__proto__": {"description": "x"}} made a venue with that
// description). The provider's check refuses them too, with the field and the rule.
import { OPERATION_NAMES, ROUTES, validateBody, venueInputSchema } from "../../contract";
import type { RunningEmulator } from "../../emulator";
import { Client, start, venueBody } from "../support/emulatorClient";

let emu: RunningEmulator;
let api: Client;
beforeAll(async () => {
  emu = await start();
  api = await Client.login(emu);
});
afterAll(() => emu.close());

const RESERVED = ["__proto__", "constructor", "prototype"];

test.each(RESERVED)("createVenue with a %s member: 400 naming it, and no venue with its fields", async (name) => {
  const body = `{"name": "Proto ${name}", "address": ${JSON.stringify(venueBody().address)}, "${name}": {"description": "x"}}`;
  const reply = await api.call("createVenue", {}, body);
  expect(reply.status).toBe(400);
  expect(reply.body.errors[0]).toMatchObject({ code: "NMS-BAD-REQUEST", object: name });
  expect(reply.body.errors[0].message).toContain("__proto__, constructor and prototype are refused");
  const venues = (await api.call("listVenues")).body as { name: string }[];
  expect(venues.map((v) => v.name)).not.toContain(`Proto ${name}`);
});

const BODY_OPS = OPERATION_NAMES.filter(
  (op) => op !== "login" && ROUTES[op].method !== "GET" && ROUTES[op].body !== "multipart",
);

test.each(BODY_OPS)("%s: a nested __proto__ member is refused with a 4xx, never applied", async (op) => {
  const params = Object.fromEntries(
    [...ROUTES[op].path.matchAll(/\{(\w+)\}/g)]
      .filter((m) => m[1] !== "tenantId")
      .map((m) => [m[1], m[1] === "status" ? "SUCCESS" : "0123456789abcdef0123456789abcdef"]),
  );
  const inner = '{"name": "x", "settings": {"__proto__": {"polluted": true}}}';
  const body = ROUTES[op].body === "array" ? `[${inner}]` : inner;
  const reply = await api.call(op, params, body);
  expect(reply.status).toBe(400);
  expect(reply.body.errors[0].object).toBe(
    ROUTES[op].body === "array" ? "[0].settings.__proto__" : "settings.__proto__",
  );
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
});

test("the provider's check refuses them too, naming the field and the rule", () => {
  const body = JSON.parse(`{"name": "HQ", "address": {"country": "US"}, "__proto__": {"description": "x"}}`);
  const result = validateBody(venueInputSchema, body);
  expect(result.ok).toBe(false);
  if (!result.ok) expect(result.failures).toEqual([{ path: "__proto__", message: expect.stringContaining("refused") }]);
});
