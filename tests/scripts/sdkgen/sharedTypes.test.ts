// Named types for shapes several resources and functions share (scripts/sdkgen/sharedTypes.ts),
// shown on small made-up schemas printed the way the generator prints files: once to collect, once
// to name.
import { z } from "zod";
import { printField } from "../../../scripts/sdkgen/printType";
import { SharedTypes } from "../../../scripts/sdkgen/sharedTypes";

const address = z.object({
  city: z.string().optional().describe("City."),
  street: z.string().min(2).describe("Street, 2 or more characters."),
});
const position = z.object({ x: z.number() });

/** The fields each owner prints, as a resource's inputs and outputs or a function's answer. */
function printAll(names: SharedTypes): Record<string, string> {
  const print = (owner: string, key: string, schema: z.ZodTypeAny, mode: "input" | "args" | "output") =>
    names.printFor(owner, () => printField({ key, schema, mode, indent: "  ", names }));
  return {
    venueArgs: print("Venue", "address", address.optional(), "input"),
    venueOutput: print("Venue", "address", address.optional(), "output"),
    getVenue: print("getVenue", "address", address.optional(), "output"),
    apOutput: print("Ap", "position", position, "output"),
  };
}

describe("shared types", () => {
  const names = new SharedTypes();
  printAll(names);
  names.assignNames();
  const printed = printAll(names);
  const files = names.files("// header\n");

  it("name a shape two owners use, in each form it is used in, and print its uses as the name", () => {
    expect(printed.venueArgs).toContain("address?: pulumi.Input<inputs.AddressArgs>;");
    expect(printed.venueOutput).toContain("address?: outputs.Address;");
    expect(printed.getVenue).toContain("address?: outputs.Address;");
    expect(files.input).toContain("export interface AddressArgs {\n  /** City. */\n  city?: pulumi.Input<string>;");
    expect(files.output).toContain("export interface Address {\n  /** City. */\n  city?: string;");
    expect(files.output).toContain("/** Used by `Venue` and `getVenue`. */");
    // Only the forms used: no plain-argument form, which no function takes.
    expect(files.input).not.toContain("export interface Address {");
  });

  it("leave a shape one owner uses written where it is used", () => {
    expect(printed.apOutput).toContain("position: {\n    x: number;\n  };");
    expect(files.output).not.toContain("Position");
  });
});
