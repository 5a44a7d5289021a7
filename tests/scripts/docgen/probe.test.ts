// The documentation generator's two readers of the specs: the probe, which runs a spec's lookups
// against a recording client to see which operations they call and which inputs they compare, and
// the field rows, which read types, rules, defaults, secrets and variants out of a zod schema.
import { z } from "zod";
import { newerOnly, perVariant, secret } from "../../../contract/meta";
import { findInList } from "../../../provider/resources/find";
import type { ResourceSpec } from "../../../provider/spec";
import { operationsOf, probeSpec } from "../../../scripts/docgen/probe";
import { fieldRows } from "../../../scripts/docgen/fieldRows";

const inputs = perVariant((variant) =>
  z.object({
    name: z
      .string()
      .min(2, "must be 2 to 8 characters")
      .max(8, "must be 2 to 8 characters")
      .refine((s) => !s.includes("`"), "must not contain a backtick"),
    email: z.string().optional(),
    externalId: z.string().optional(),
    port: z
      .number()
      .int()
      .default(variant === "newer" ? 514 : 515),
    auth: z.object({ key: secret(z.string()), servers: z.array(z.object({ ip: z.string() })).optional() }).optional(),
    vlanPool: newerOnly(variant, z.string().optional()),
  }),
);

const spec: ResourceSpec = {
  kind: "Thing",
  description: "A thing.",
  inputSchema: inputs,
  identity: { idParam: "venueId", parents: { venueId: "venueId" } },
  ops: { create: "createVenue", read: "getVenue", update: "updateVenue", delete: "deleteVenue" },
  destroy: "delete",
  toggles: { enabled: { whenTrue: "disableGuestUser", whenFalse: "enableGuestUser" } },
  readFromList: { op: "listVenues" },
  // Branches on an input, as an administrator's lookup does: both branches' reads are seen.
  findByName: (client, given) =>
    findInList(client, "listAdmins", { venueId: String(given.venueId) }, (o) =>
      given.externalId !== undefined ? o.externalId === given.externalId : o.email === given.email,
    ),
};

test("the probe sees the operations a lookup calls and every input it compares, in both branches", async () => {
  const { adoption } = await probeSpec(spec);
  expect(adoption).toEqual({ ops: ["listAdmins"], inputs: ["venueId", "externalId", "email"] });
});

test("a spec's operations come with their roles: declared ones, toggles, the list refresh and the lookup's", async () => {
  expect(await operationsOf(spec)).toEqual([
    { op: "createVenue", role: "create" },
    { op: "getVenue", role: "read" },
    { op: "updateVenue", role: "update" },
    { op: "deleteVenue", role: "delete" },
    { op: "disableGuestUser", role: "`enabled` becomes true" },
    { op: "enableGuestUser", role: "`enabled` becomes false" },
    { op: "listVenues", role: "refresh of many (one list call)" },
    { op: "listAdmins", role: "adoption by name, and the takeover of an interrupted create" },
  ]);
});

test("field rows: nested paths, rules from checks and from refinements, defaults per variant, secrets, newer-only fields", () => {
  const rows = fieldRows(inputs("newer"), { older: inputs("older") });
  const row = (path: string) => rows.find((r) => r.path === path)!;
  expect(rows.map((r) => r.path)).toEqual([
    "name",
    "email",
    "externalId",
    "port",
    "auth",
    "auth.key",
    "auth.servers",
    "auth.servers[].ip",
    "vlanPool",
  ]);
  expect(row("name")).toMatchObject({
    type: "string",
    required: true,
    rules: ["Must be 2 to 8 characters.", "Must not contain a backtick."],
  });
  expect(row("port")).toMatchObject({
    type: "integer",
    required: false,
    hasDefault: true,
    defaultValue: 514,
    olderDefault: { value: 515 },
  });
  expect(row("auth")).toMatchObject({ secret: true, type: "object" });
  expect(row("auth.key")).toMatchObject({ secret: true, required: true });
  expect(row("auth.servers")).toMatchObject({ type: "list of objects", secret: false });
  expect(row("vlanPool")).toMatchObject({ newerOnly: true });
  expect(row("email")).toMatchObject({ newerOnly: false, required: false });
});
