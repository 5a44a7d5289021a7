// Golden request and response bodies, written by hand from the seeds (golden/*.json). Each file
// is a list of steps run against a fresh emulator; IDs, request IDs and dates are masked before
// comparing, and values captured from earlier steps appear as ${name}.
import { readdirSync, readFileSync } from "node:fs";
import * as path from "node:path";
import type { OperationId } from "../../contract";
import { Client, start } from "./helpers";

interface Step {
  op: OperationId;
  params?: Record<string, string>;
  query?: string;
  body?: unknown;
  /** Send no API-KEY cookie. */
  anonymous?: boolean;
  /** Variable name → dotted path into the answer's body. */
  capture?: Record<string, string>;
  expect?: { status: number; body: unknown };
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
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substitute(v, vars)]));
  return value;
}

function mask(value: unknown, names: Map<string, string>): unknown {
  if (typeof value === "string") {
    const name = names.get(value);
    if (name) return `\${${name}}`;
    if (HEX32.test(value)) return "<id>";
    if (UUID.test(value)) return "<uuid>";
    if (ISO_DATE.test(value)) return "<date>";
    return value;
  }
  if (Array.isArray(value)) return value.map((v) => mask(v, names));
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mask(v, names)]));
  return value;
}

function at(body: unknown, dotted: string): string {
  const value = dotted.split(".").reduce<unknown>((v, key) => (v as Record<string, unknown> | undefined)?.[key], body);
  if (typeof value !== "string") throw new Error(`nothing to capture at ${dotted}`);
  return value;
}

test("there is a golden file per operation family", () => {
  expect(FILES.sort()).toEqual(
    ["activation", "ap-group", "error-body", "network-deep", "network-shallow", "request-record", "venue"].map((n) => `${n}.json`),
  );
});

test.each(FILES)("%s", async (file) => {
  const { steps } = JSON.parse(readFileSync(path.join(DIR, file), "utf8")) as { steps: Step[] };
  const emu = await start();
  try {
    const client = await Client.login(emu);
    const anonymous = new Client(emu, client.tenantId, undefined);
    const vars: Record<string, string> = { tenantId: client.tenantId };
    for (const [index, step] of steps.entries()) {
      const reply = await (step.anonymous ? anonymous : client).call(
        step.op,
        substitute(step.params ?? {}, vars) as Record<string, string>,
        substitute(step.body, vars),
        step.query,
      );
      for (const [name, dotted] of Object.entries(step.capture ?? {})) vars[name] = at(reply.body, dotted);
      if (!step.expect) {
        expect({ step: index, op: step.op, status: reply.status }).toEqual({ step: index, op: step.op, status: 202 });
        continue;
      }
      const names = new Map(Object.entries(vars).map(([name, value]) => [value, name]));
      expect({ step: index, op: step.op, status: reply.status, body: mask(reply.body, names) }).toEqual({
        step: index,
        op: step.op,
        ...step.expect,
      });
    }
  } finally {
    await emu.close();
  }
});
