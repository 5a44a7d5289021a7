// No error answer repeats a value of a secret field, wherever in the body it sits: every operation's
// body, for every secret field of its schema, is sent with the field malformed (a number, an overlong
// string) and with a string where an object holding a secret is expected (authRadius.primary given
// the shared secret itself); the answer, and the async record when there is one, never hold it.
import { z } from "zod";
import { fieldsOf, holdsSecret, OPERATION_NAMES, type OperationName, ROUTES } from "../../contract";
import type { RunningEmulator } from "../../emulator";
import { operationSchemas } from "../../emulator/operations/operationSchemas";
import { Client, start } from "../support/emulatorClient";

interface Target {
  path: string;
  kind: "secret" | "holder";
  build: (leaf: unknown) => unknown;
}

/** The schema under its wrappers. */
function core(schema: z.ZodTypeAny): z.ZodTypeAny {
  for (;;) {
    if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) schema = schema.unwrap();
    else if (schema instanceof z.ZodDefault) schema = schema.removeDefault();
    else if (schema instanceof z.ZodEffects) schema = schema.innerType();
    else if (schema instanceof z.ZodLazy) schema = schema.schema;
    else if (schema instanceof z.ZodPipeline) schema = schema._def.in;
    else return schema;
  }
}

const isSecret = (name: string, field: z.ZodTypeAny) => fieldsOf(z.object({ [name]: field }))[0].secret;

/** Whether a secret field sits anywhere inside, unions included. */
function containsSecret(schema: z.ZodTypeAny, depth = 0): boolean {
  if (depth > 8) return false;
  const s = core(schema);
  if (s instanceof z.ZodArray) return containsSecret(s.element, depth + 1);
  if (s instanceof z.ZodUnion || s instanceof z.ZodDiscriminatedUnion)
    return (s.options as z.ZodTypeAny[]).some((o) => containsSecret(o, depth + 1));
  if (!(s instanceof z.ZodObject)) return false;
  return Object.entries(s.shape as Record<string, z.ZodTypeAny>).some(
    ([name, field]) => isSecret(name, field) || containsSecret(field, depth + 1),
  );
}

/** Every secret field and every field holding one, with a body that puts a value there. */
function targets(schema: z.ZodTypeAny, depth = 0): Target[] {
  if (depth > 8 || !containsSecret(schema)) return [];
  const s = core(schema);
  if (s instanceof z.ZodArray)
    return targets(s.element, depth + 1).map((t) => ({ ...t, path: `[0]${t.path}`, build: (v) => [t.build(v)] }));
  if (s instanceof z.ZodDiscriminatedUnion) {
    const out: Target[] = [];
    for (const [value, option] of s.optionsMap as Map<unknown, z.ZodTypeAny>)
      for (const t of targets(option, depth + 1))
        out.push({ ...t, build: (v) => ({ [s.discriminator]: value, ...(t.build(v) as object) }) });
    return out;
  }
  if (s instanceof z.ZodUnion) return (s.options as z.ZodTypeAny[]).flatMap((o) => targets(o, depth + 1));
  if (!(s instanceof z.ZodObject)) return [];
  const out: Target[] = [];
  for (const [name, field] of Object.entries(s.shape as Record<string, z.ZodTypeAny>)) {
    const at = (path: string) => (path.startsWith("[") ? `${name}${path}` : `${name}.${path}`);
    if (isSecret(name, field)) out.push({ path: name, kind: "secret", build: (v) => ({ [name]: v }) });
    else if (holdsSecret(field)) out.push({ path: name, kind: "holder", build: (v) => ({ [name]: v }) });
    for (const t of targets(field, depth + 1))
      out.push({ ...t, path: at(t.path), build: (v) => ({ [name]: t.build(v) }) });
  }
  return out;
}

const SECRET_TEXT = "Hunter2-S3cret";
const SECRET_NUMBER = 86753094711;

const cases: [OperationName, string, string, unknown][] = [];
for (const op of OPERATION_NAMES) {
  const body = operationSchemas(op).body;
  if (!body || ROUTES[op].body === "multipart") continue;
  const seen = new Set<string>();
  for (const target of targets(body("newer"))) {
    if (seen.has(target.path)) continue;
    seen.add(target.path);
    if (target.kind === "holder") cases.push([op, target.path, "a string", target.build(`${SECRET_TEXT}-h`)]);
    else {
      cases.push([op, target.path, "a number", target.build(SECRET_NUMBER)]);
      cases.push([op, target.path, "an overlong string", target.build(`${SECRET_TEXT}-${"x".repeat(1000)}`)]);
    }
  }
}

let emu: RunningEmulator;
let api: Client;
beforeAll(async () => {
  emu = await start();
  api = await Client.login(emu);
});
afterAll(() => emu.close());

test("the operations' bodies hold the secret fields the contract lists, the guest portal's keys included", () => {
  const paths = cases.map(([op, path]) => `${op} ${path}`);
  for (const expected of [
    "createNetworkDeep authRadius.primary",
    "createNetworkDeep authRadius.primary.sharedSecret",
    "createNetworkDeep wlan.passphrase",
    "createNetworkDeep guestPortal.externalPortalKey",
    "createNetworkDeep guestPortal.wisprPage.integrationKey",
  ])
    expect(paths).toContain(expected);
});

test.each(cases)("%s with %s given %s: no answer repeats it", async (op, _path, _given, body) => {
  const params = Object.fromEntries(
    [...ROUTES[op].path.matchAll(/\{(\w+)\}/g)]
      .filter((m) => m[1] !== "tenantId")
      .map((m) => [m[1], "0123456789abcdef0123456789abcdef"]),
  );
  const reply = await api.call(op, params, body);
  let printed = JSON.stringify(reply.body) ?? "";
  if (reply.status < 300 && reply.body?.requestId) printed += JSON.stringify(await api.waitFor(reply.body.requestId));
  expect(reply.status).toBeLessThan(500);
  expect(printed).not.toContain(SECRET_TEXT);
  expect(printed).not.toContain(String(SECRET_NUMBER));
});
