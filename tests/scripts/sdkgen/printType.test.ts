// The zod → TypeScript printer of the SDK generator.
import { z } from "zod";
import { newerOnly, pulumiAsset } from "../../../contract/meta";
import { printField, printValue } from "../../../scripts/sdkgen/printType";

const print = (schema: z.ZodTypeAny, mode: "input" | "args" | "output") =>
  printValue(schema, mode, "", undefined, "test");

describe("the SDK generator's type printer", () => {
  it("prints scalars, literals and enums", () => {
    expect(print(z.string(), "output")).toBe("string");
    expect(print(z.number().int(), "output")).toBe("number");
    expect(print(z.boolean(), "output")).toBe("boolean");
    expect(print(z.literal("aaa"), "output")).toBe('"aaa"');
    expect(print(z.enum(["Both", "5-GHz"]), "output")).toBe('"Both" | "5-GHz"');
    expect(print(z.unknown(), "output")).toBe("unknown");
    expect(print(z.any(), "output")).toBe("any");
  });

  it("sees through refinements, defaults, nullables and records", () => {
    expect(
      print(
        z
          .string()
          .refine((s) => s !== "x")
          .default("y"),
        "output",
      ),
    ).toBe("string");
    expect(print(z.number().nullable(), "output")).toBe("number | null");
    expect(print(z.record(z.boolean()), "output")).toBe("Record<string, boolean>");
    expect(print(z.union([z.string(), z.number()]), "output")).toBe("string | number");
  });

  it("puts parentheses around a union inside an array", () => {
    expect(print(z.array(z.union([z.string(), z.number()])), "output")).toBe("(string | number)[]");
    expect(print(z.array(z.string()), "output")).toBe("string[]");
  });

  it("wraps every depth in pulumi.Input in input mode", () => {
    expect(print(z.array(z.object({ id: z.string() })), "input")).toBe(
      "pulumi.Input<pulumi.Input<{\n  id: pulumi.Input<string>;\n}>[]>",
    );
  });

  it("makes fields with a default optional for those who write them, present for those who read them", () => {
    const schema = z.object({ radio: z.enum(["Both"]).default("Both"), note: z.string().optional() });
    expect(print(schema, "args")).toBe('{\n  /** Default: "Both". */\n  radio?: "Both";\n  note?: string;\n}');
    expect(print(schema, "output")).toBe('{\n  radio: "Both";\n  note?: string;\n}');
  });

  it("says that the service may answer more fields than a passthrough result lists", () => {
    expect(print(z.object({ id: z.string() }).passthrough(), "output")).toBe(
      "{\n  id: string;\n  [key: string]: unknown;\n}",
    );
  });

  it("documents a field from its description, its checks and the older variant", () => {
    const field = printField({
      key: "vlanPoolId",
      schema: z
        .string()
        .min(2, "must be 2 to 32 characters")
        .max(32, "must be 2 to 32 characters")
        .optional()
        .describe("The VLAN pool"),
      mode: "input",
      indent: "",
      older: newerOnly("older", z.string()),
    });
    expect(field).toBe(
      "/** The VLAN pool. Must be 2 to 32 characters. Newer Wi-Fi API variant only. */\nvlanPoolId?: pulumi.Input<string>;\n",
    );
  });

  it("prints a field marked as a Pulumi asset as pulumi.asset.Asset, whatever is chained after the mark", () => {
    const image = pulumiAsset().optional().describe("The image.");
    expect(printValue(image, "input", "", undefined, "image")).toBe("pulumi.Input<pulumi.asset.Asset>");
    expect(printValue(image, "output", "", undefined, "image")).toBe("pulumi.asset.Asset");
    expect(printValue(z.unknown(), "output", "", undefined, "other")).toBe("unknown");
  });

  it("quotes keys that are not identifiers", () => {
    expect(print(z.object({ "API-KEY": z.string() }), "output")).toBe('{\n  "API-KEY": string;\n}');
  });

  it("names the field and the type it cannot print", () => {
    expect(() => print(z.object({ at: z.date() }), "output")).toThrow(
      "test.at: the SDK generator cannot print a ZodDate",
    );
  });
});
