// Golden request and response bodies, written by hand from the service's API documentation (golden/*.json). Each file
// is a list of steps run against a fresh emulator, as its demo tenant or (`tenant`) as a tenant
// with the given settings; IDs, request IDs and dates are masked before comparing, values
// captured from earlier steps appear as ${name}, and the fields a file or step lists under
// `masked` (values the emulator decides: device fields, generated passwords, epoch dates) appear
// as <string>, <integer>, <boolean> or <array> when their value has that type.
import { readdirSync, readFileSync } from "node:fs";
import * as path from "node:path";
import { type DocumentationId, operationWithId, ROUTES } from "../../contract";
import { Client, start, type TenantSettings, tenantWith } from "../support/emulatorClient";

type MaskType = "string" | "integer" | "boolean" | "array";

interface Step {
  /** The API documentation's ID, as the golden files are written from it. */
  op: DocumentationId;
  params?: Record<string, string>;
  query?: string;
  body?: unknown;
  /** Send no API-KEY cookie. */
  anonymous?: boolean;
  /** Variable name → dotted path into the answer's body. */
  capture?: Record<string, string>;
  /** Field name → type: values of these fields are the emulator's decision (added to the file's). */
  masked?: Record<string, MaskType>;
  /** Without it, the step must answer its route's success status. */
  expect?: { status: number; body: unknown };
}

interface GoldenFile {
  steps: Step[];
  tenant?: TenantSettings;
  masked?: Record<string, MaskType>;
}

const DIR = path.join(__dirname, "golden");
const FILES = readdirSync(DIR).filter((f) => f.endsWith(".json"));

const HEX32 = /^[0-9a-f]{32}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO_DATE = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

function substitute(value: unknown, vars: Record<string, string>): unknown {
  if (typeof value === "string") {
    const m = /^\$\{(\w+)\}$/.exec(value);
    if (!m) return value;
    if (!(m[1] in vars)) throw new Error(`golden file uses \${${m[1]}} before capturing it`);
    return vars[m[1]];
  }
  if (Array.isArray(value)) return value.map((v) => substitute(v, vars));
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substitute(v, vars)]));
  return value;
}

const IS_TYPE: Record<MaskType, (value: unknown) => boolean> = {
  string: (v) => typeof v === "string",
  integer: (v) => Number.isInteger(v),
  boolean: (v) => typeof v === "boolean",
  array: (v) => Array.isArray(v),
};

function mask(value: unknown, names: Map<string, string>, masked: Record<string, MaskType> = {}): unknown {
  if (typeof value === "string") {
    // A bulk write's entityId joins the IDs it wrote.
    if (value.includes(","))
      return value
        .split(",")
        .map((part) => mask(part, names, masked))
        .join(",");
    const name = names.get(value);
    if (name) return `\${${name}}`;
    if (HEX32.test(value)) return "<id>";
    if (UUID.test(value)) return "<uuid>";
    if (ISO_DATE.test(value)) return "<date>";
    return value;
  }
  if (Array.isArray(value)) return value.map((v) => mask(v, names, masked));
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => {
        const type = Object.hasOwn(masked, k) ? masked[k] : undefined;
        return [k, type && IS_TYPE[type](v) ? `<${type}>` : mask(v, names, masked)];
      }),
    );
  }
  return value;
}

function at(body: unknown, dotted: string): string {
  const value = dotted.split(".").reduce<unknown>((v, key) => (v as Record<string, unknown> | undefined)?.[key], body);
  if (typeof value !== "string") throw new Error(`nothing to capture at ${dotted}`);
  return value;
}

test("there is a golden file per operation family", () => {
  expect(FILES.sort()).toEqual(
    [
      "activation",
      "ap",
      "ap-group",
      "dpsk-passphrase",
      "error-body",
      "guest-user",
      "network-deep",
      "network-shallow",
      "request-record",
      "switch-profile",
      "venue",
      "venue-radio",
      "venue-syslog-newer",
      "venue-syslog-older",
    ]
      .map((n) => `${n}.json`)
      .sort(),
  );
});

test.each(FILES)("%s", async (file) => {
  const golden = JSON.parse(readFileSync(path.join(DIR, file), "utf8")) as GoldenFile;
  const emu = await start();
  try {
    const client = golden.tenant ? await tenantWith(emu, golden.tenant) : await Client.login(emu);
    const anonymous = new Client(emu, client.tenantId, undefined);
    const vars: Record<string, string> = { tenantId: client.tenantId };
    for (const [index, step] of golden.steps.entries()) {
      const op = operationWithId(step.op);
      const reply = await (step.anonymous ? anonymous : client).call(
        op,
        substitute(step.params ?? {}, vars) as Record<string, string>,
        substitute(step.body, vars),
        step.query,
      );
      for (const [name, dotted] of Object.entries(step.capture ?? {})) vars[name] = at(reply.body, dotted);
      if (!step.expect) {
        expect({ step: index, op: step.op, status: reply.status }).toEqual({
          step: index,
          op: step.op,
          status: ROUTES[op].success,
        });
        continue;
      }
      const names = new Map(Object.entries(vars).map(([name, value]) => [value, name]));
      const masked = { ...golden.masked, ...step.masked };
      expect({ step: index, op: step.op, status: reply.status, body: mask(reply.body, names, masked) }).toEqual({
        step: index,
        op: step.op,
        ...step.expect,
      });
    }
  } finally {
    await emu.close();
  }
});
