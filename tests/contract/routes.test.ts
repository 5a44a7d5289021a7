// The shared route table against the emulator: every operation is routed, resolves to itself
// and nothing else, and is served.
import { OPERATION_NAMES, type OperationName, pathFor, pathParamNames, ROUTES } from "../../contract";
import type { RunningEmulator } from "../../emulator";
import { deriveHandlers } from "../../emulator/operations/handlers";
import { KINDS, SERVICE_OPERATIONS } from "../../emulator/services/registry";
import { Router } from "../../emulator/http/router";
import { Client, start } from "../support/emulatorClient";

const sampleParams = (op: OperationName) =>
  Object.fromEntries(
    pathParamNames(ROUTES[op].path).map((name) => [name, name === "status" ? "SUCCESS" : `sample-${name}`]),
  );

const SERVED = [...deriveHandlers(KINDS, SERVICE_OPERATIONS).keys()];

test("every operation but login has a handler derived from the kind declarations, and no handler lacks an operation", () => {
  expect([...SERVED].sort()).toEqual(OPERATION_NAMES.filter((op) => op !== "login").sort());
});

test("every concrete path resolves to its own operation (no template shadows another)", () => {
  const router = new Router<OperationName>();
  for (const op of OPERATION_NAMES) router.add(ROUTES[op].method, ROUTES[op].path, op);
  for (const op of OPERATION_NAMES) {
    const params = sampleParams(op);
    const match = router.match(ROUTES[op].method, pathFor(op, params));
    expect({ op, match }).toEqual({ op, match: { value: op, params } });
  }
});

test("path parameters are URL-decoded", () => {
  const router = new Router<string>().add("GET", "/a/{id}", "x");
  expect(router.match("GET", "/a/b%20c")).toEqual({ value: "x", params: { id: "b c" } });
  expect(router.match("GET", "/a/%E0%A4%A")).toBeUndefined();
  expect(router.match("GET", "/a/")).toBeUndefined();
});

describe("served by the emulator", () => {
  let emu: RunningEmulator;
  let client: Client;
  beforeAll(async () => {
    emu = await start();
    client = await Client.login(emu);
  });
  afterAll(() => emu.close());

  test.each(OPERATION_NAMES.filter((op) => op !== "login"))("%s", async (op) => {
    const reply = await client.call(op, sampleParams(op), ROUTES[op].method === "GET" ? undefined : {});
    // Sample IDs do not exist, so 400/404/422 are expected; what must not happen is "no operation".
    expect(reply.body?.errors?.[0]?.message ?? "").not.toMatch(/^no operation/);
    expect(reply.status).toBeLessThan(500);
  });
});
