// The SDK generator's resource files for every shape a spec can declare (provider/spec.ts), shown
// on small made-up specs: settings without create, destroy by reset or by forgetting, no update,
// toggles and triggers, newer-only fields, secret read-only outputs.
import { z } from "zod";
import { newerOnly, perVariant, secret } from "../../../contract/meta";
import type { ResourceSpec } from "../../../provider/spec";
import { resourceFile } from "../../../scripts/sdkgen/resourceFile";

/** The doc comment text just above `marker`, as one line. */
function docAbove(text: string, marker: string): string {
  const before = text.slice(0, text.indexOf(marker));
  return before
    .slice(before.lastIndexOf("/**"))
    .replace(/\/\*\*|\*\/|\n\s*\*/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

const settings: ResourceSpec = {
  kind: "VenueThing",
  description: "Settings of a venue that always exist.",
  inputSchema: perVariant((variant) =>
    z.object({
      venueId: z.string(),
      enabled: z.boolean().default(false),
      pool: newerOnly(variant, z.string().optional()),
    }),
  ),
  identity: { idParam: "venueId", idFromInput: "venueId" },
  ops: { read: "getVenueRadio", update: "updateVenueRadio", reset: "resetVenueRadio" },
  destroy: "reset",
  destroyNote: "The venue keeps its settings.",
};

const guest: ResourceSpec = {
  kind: "Guest",
  description: "A guest.",
  inputSchema: () =>
    z.object({ name: z.string().optional(), disabled: z.boolean().optional(), regenerate: z.number().optional() }),
  outputSchema: z.object({ password: secret(z.string()).describe("The generated password.") }),
  identity: { idParam: "guestUserId" },
  ops: { create: "createGuestUsers", read: "getGuestUser", delete: "deleteGuestUser" },
  destroy: "delete",
  toggles: { disabled: { whenTrue: "disableGuestUser", whenFalse: "enableGuestUser" } },
  triggers: { regenerate: { op: "regenerateGuestUserCredentials" } },
};

const forgotten: ResourceSpec = {
  ...guest,
  kind: "Written",
  ops: { create: "createDpskPassphrase" },
  destroy: "forget",
  toggles: undefined,
  triggers: undefined,
};

describe("generated resource files", () => {
  it("settings: no adoption inputs, destroy by reset with its note, the ID input replaces, newer-only fields marked", () => {
    const text = resourceFile(settings);
    expect(text).toContain("export interface VenueThingArgs {");
    expect(text).toContain('import { NmsResource } from "../resource";');
    const doc = docAbove(text, "export class VenueThing");
    expect(doc).toContain("Destroy: puts the service's defaults back (resetVenueRadio). The venue keeps its settings.");
    expect(doc).toContain("creating the resource takes it over and writes the program's values");
    expect(doc).toContain("Replaced when `venueId` changes.");
    expect(docAbove(text, "  venueId: pulumi.Input<string>;")).toBe("Changing it replaces the resource.");
    expect(docAbove(text, "  enabled?: pulumi.Input<boolean>;")).toBe("Default: false.");
    expect(docAbove(text, "  pool?: pulumi.Input<string>;")).toBe("Newer Wi-Fi API variant only.");
    expect(text).toContain("declare readonly enabled: pulumi.Output<boolean>;");
    expect(text).toContain("declare readonly pool: pulumi.Output<string | undefined>;");
  });

  it("no update: every change replaces; toggles and triggers name their operations; a secret output is documented", () => {
    const text = resourceFile(guest);
    const args = text.slice(text.indexOf("export interface GuestArgs"));
    expect(docAbove(text, "export class Guest")).toContain("Replaced on any change: the service has no update.");
    expect(docAbove(text, "export class Guest")).toContain("Secret: `password`, encrypted in state.");
    expect(docAbove(args, "  disabled?:")).toBe(
      "Changing it calls disableGuestUser when it becomes true, enableGuestUser when false.",
    );
    expect(docAbove(args, "  regenerate?:")).toBe("Changing it calls regenerateGuestUserCredentials.");
    expect(docAbove(text, "  declare readonly password:")).toBe("The generated password. Read only. Secret.");
    expect(text).toContain("constructor(name: string, args?: GuestArgs, opts?: pulumi.CustomResourceOptions);");
  });

  it("a static get and a State, as Pulumi's codegen writes them: every output, optional, as inputs", () => {
    const text = resourceFile(guest);
    expect(text).toContain(
      "public static get(name: string, id: pulumi.Input<pulumi.ID>, state?: GuestState, opts?: pulumi.CustomResourceOptions): Guest {\n" +
        "    return new Guest(name, state, { ...opts, id });\n",
    );
    const state = text.slice(text.indexOf("export interface GuestState {"), text.indexOf("export interface GuestArgs"));
    expect([...state.matchAll(/^ {2}(\w+)(\??): (.*);$/gm)].map((m) => m.slice(1))).toEqual([
      ["name", "?", "pulumi.Input<string>"],
      ["disabled", "?", "pulumi.Input<boolean>"],
      ["regenerate", "?", "pulumi.Input<number>"],
      ["tenantId", "?", "pulumi.Input<string>"],
      ["password", "?", "pulumi.Input<string>"],
    ]);
    expect(docAbove(state, "  password?:")).toBe("The generated password. Read only. Secret.");
    expect(docAbove(text, "  static isInstance")).toMatch(/^Whether `obj` is a Guest,/);
    expect(docAbove(resourceFile({ ...guest, kind: "ApThing" }), "  static isInstance")).toMatch(
      /^Whether `obj` is an ApThing,/,
    );
  });

  it("write-only and forgotten: says what refresh and destroy cannot do", () => {
    const doc = docAbove(resourceFile(forgotten), "export class Written");
    expect(doc).toContain("The service cannot read it back: refresh keeps what the state holds.");
    expect(doc).toContain("Destroy: nothing is sent; the object stays in the service and leaves the stack.");
  });
});
