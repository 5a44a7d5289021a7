// Named types for the object shapes that several resources and functions share (a switch VLAN's
// per-model membership, a venue's address), as Pulumi's own packages declare them: once, in
// types/input.ts (`XArgs` with Inputs at every depth for resources, `X` for a function's plain
// arguments) and types/output.ts (`X`, what the service answers). A shape used at one place of one
// resource or function only stays written where it is used.
//
// The generator prints every file twice: the first time collects every nested object shape and who
// uses it (`collect`), the second prints a shared shape as its name.
import type { z } from "zod";
import { docComment } from "./docs";
import { printObject, type Mode, type ShapeNames } from "./printType";

interface Form {
  readonly object: z.AnyZodObject;
  readonly older: z.AnyZodObject | undefined;
  readonly path: string;
  /** The full text in this form, without names. */
  readonly text: string;
}

interface Shape {
  /** The forms it is used in (a shape the service answers may be written in one resource's inputs only). */
  readonly forms: Map<Mode, Form>;
  /** The resource kinds and functions that use it. */
  readonly owners: Set<string>;
  /** Where it sits in each use: `vlans[].switchFamilyModels[]`, `getVenue result`. */
  readonly paths: string[];
  /** The same, after the resource kind or function: `VenueLeds:models[]`. */
  readonly uses: string[];
  name?: string;
}

/**
 * Names that say the subject where the field's own name does not, or where two shapes would take the
 * same name: where the shape sits in its shortest use (after its resource kind or function when the
 * path alone is ambiguous), or the name derived from its field → the name. A function's result is named like
 * the resource it reads (`output.Venue`, getVenue's and listVenues' answer).
 */
const NAMES: Readonly<Record<string, string>> = {
  "acls[]": "SwitchProfileAcl",
  "aclRules[]": "SwitchAclRule",
  cellularSettings: "ApCellularSettings",
  "ePDGs[]": "Epdg",
  expiration: "GuestUserExpiration",
  lag: "SwitchPortLag",
  "lanPorts[]": "ApLanPort",
  "VenueLeds:models[]": "VenueLedsModel",
  "VenueLanPorts:models[]": "VenueLanPortsModel",
  "models[].lanPorts[]": "ApModelLanPort",
  "stackMembers[]": "SwitchStackMember",
  "switchFamilyModels[].slots[]": "SwitchModelSlot",
  "trustedPorts[]": "SwitchTrustedPort",
  "vlans[]": "SwitchVlan",
  "wlan.advancedCustomization.vlanPool": "VlanPool",
  "getAp result.radio": "ApRadio",
  "getAp result.radio.apRadioParams24G": "ApRadioParams",
  "getNetwork result.authRadius": "RadiusPair",
  "getNetwork result.authRadius.primary": "RadiusServer",
  "getNetwork result.venues[]": "NetworkVenueActivation",
  "getNetwork result.venues[].apGroups[]": "ActivationApGroup",
  "getNetwork result.wlan.advancedCustomization": "WlanAdvancedCustomization",
  // By the name derived from the field, wherever the shape sits.
  Source: "L3RuleEndpoint",
  RadioCustomization: "WlanRadioCustomization",
  // A network's RADIUS pairs as the program writes them (with their shared secrets).
  NetworkAuthRadius: "NetworkRadiusPair",
  AuthRadiusPrimary: "NetworkRadiusServer",
  Status24G: "ApRadioBandStatus",
  "getNotificationRecipient result.endpoints[]": "NotificationEndpoint",
  "getSwitchAclReference result": "SwitchReference",
  radioParams24G: "VenueRadioParams24G",
  radioParams50G: "VenueRadioParams50G",
  "getVenueWifiSettings result": "VenueWifiSettings",
  "getVenueWifiSettings result.bandBalancing": "VenueBandBalancing",
  "getVenueWifiSettings result.dhcpServiceSetting": "VenueDhcpServiceSetting",
  "getVenueWifiSettings result.mesh": "VenueMeshSetting",
  // listAps and listApGroupAps answer an AP without the documentation getAp's answer has.
  "listAps result": "ApListItem",
  "listAps result.position": "ApListItemPosition",
  "listAps result.radio": "ApListItemRadio",
  "listAps result.radio.apRadioParams24G": "ApListItemRadioParams",
  "pingFromSwitch result": "SwitchCommandResponse",
  "rebootAp result": "ActionRequest",
};

export class SharedTypes implements ShapeNames {
  private collecting = true;
  private owner = "";
  /** Printing types/input.ts or types/output.ts: names without their module. */
  private local = false;
  private readonly shapes = new Map<string, Shape>();
  private readonly texts = new WeakMap<z.AnyZodObject, Map<z.AnyZodObject | undefined, Map<Mode, string>>>();

  /** Prints what `owner` (a resource kind or a function) declares, recording the shapes it uses while collecting. */
  printFor<T>(owner: string, print: () => T): T {
    this.owner = owner;
    try {
      return print();
    } finally {
      this.owner = "";
    }
  }

  /** The name to print for this object shape, or undefined to print it in full. */
  use(object: z.AnyZodObject, older: z.AnyZodObject | undefined, mode: Mode, path: string): string | undefined {
    const key = this.textOf(object, older, "output", path);
    if (this.collecting) {
      let shape = this.shapes.get(key);
      if (!shape) {
        shape = { forms: new Map(), owners: new Set(), paths: [], uses: [] };
        this.shapes.set(key, shape);
      }
      if (this.owner) shape.owners.add(this.owner);
      shape.paths.push(path);
      shape.uses.push(`${this.owner}:${path}`);
      const text = this.textOf(object, older, mode, path);
      const form = shape.forms.get(mode);
      if (form && form.text !== text) {
        throw new Error(
          `${path} and ${form.path} print alike as outputs but not as ${mode}s: the SDK generator cannot name them (scripts/sdkgen/sharedTypes.ts)`,
        );
      }
      if (!form) shape.forms.set(mode, { object, older, path, text });
      return undefined;
    }
    const name = this.shapes.get(key)?.name;
    if (name === undefined) return undefined;
    const declared = mode === "input" ? `${name}Args` : name;
    if (this.local) return declared;
    return `${mode === "output" ? "outputs" : "inputs"}.${declared}`;
  }

  /** Ends collecting: every shape two or more resources or functions use, or one uses at two places, gets its name. */
  assignNames(): void {
    this.collecting = false;
    // Used by two resources or functions, or at two places of one (a network's two RADIUS pairs).
    const shared = [...this.shapes.values()].filter((shape) => shape.owners.size > 1 || new Set(shape.uses).size > 1);
    const byName = new Map<string, Shape[]>();
    for (const shape of shared) {
      const name = derivedName(shape, 1);
      byName.set(name, [...(byName.get(name) ?? []), shape]);
    }
    const taken = new Set<string>();
    for (const [name, shapes] of byName) {
      for (const shape of shapes) {
        const derived = shapes.length === 1 ? name : derivedName(shape, 2);
        const candidate = NAMES[shortest(shape.uses)] ?? NAMES[shortest(shape.paths)] ?? NAMES[derived] ?? derived;
        if (taken.has(candidate))
          throw new Error(
            `two shared shapes are named ${candidate} (${shape.paths[0]}): name one in NAMES (scripts/sdkgen/sharedTypes.ts)`,
          );
        taken.add(candidate);
        shape.name = candidate;
      }
    }
  }

  /** types/input.ts and types/output.ts: every shared shape in each form it is used in. */
  files(header: string): { input: string; output: string } {
    this.local = true;
    try {
      const named = [...this.shapes.values()]
        .filter((shape) => shape.name !== undefined)
        .sort((a, b) => a.name!.localeCompare(b.name!));
      let input = "";
      let output = "";
      for (const shape of named) {
        const doc = docComment([`Used by ${list([...shape.owners])}.`], "");
        const declare = (mode: Mode, name: string) => {
          const form = shape.forms.get(mode);
          return form
            ? `\n${doc}export interface ${name} ${printObject(form.object, mode, "", form.older, form.path, this)}\n`
            : "";
        };
        input += declare("input", `${shape.name}Args`) + declare("args", shape.name!);
        output += declare("output", shape.name!);
      }
      const pulumiImport = (text: string) =>
        /\bpulumi\./.test(text) ? `import type * as pulumi from "@pulumi/pulumi";\n` : "";
      return { input: header + pulumiImport(input) + input, output: header + pulumiImport(output) + output };
    } finally {
      this.local = false;
    }
  }

  /**
   * The shape's full text in one form, without names. Two uses are one shape when they print alike as
   * outputs; each other form they are used in must print alike too.
   */
  private textOf(object: z.AnyZodObject, older: z.AnyZodObject | undefined, mode: Mode, path: string): string {
    let byOlder = this.texts.get(object);
    if (!byOlder) this.texts.set(object, (byOlder = new Map()));
    let forOlder = byOlder.get(older);
    if (!forOlder) byOlder.set(older, (forOlder = new Map()));
    let text = forOlder.get(mode);
    if (text === undefined) {
      text = printObject(object, mode, "", older, path);
      forOlder.set(mode, text);
    }
    return text;
  }
}

/**
 * A name from where the shape sits: its field's name (singular for a list's items), or the function
 * for a function's result; with `depth` 2, the enclosing field's or owner's name before it.
 */
function derivedName(shape: Shape, depth: 1 | 2): string {
  const path = shortest(shape.paths);
  const resultOf = / result$/.exec(path) ? path.slice(0, -" result".length) : undefined;
  const segments = (resultOf !== undefined ? [] : path.replace(/^\S+ result\./, "").split(".")).filter(
    (s) => s !== "" && !s.startsWith("|"),
  );
  const owner = ownerSubject([...shape.owners].sort((a, b) => a.length - b.length)[0] ?? "");
  const words = [resultOf !== undefined ? ownerSubject(resultOf) : owner, ...segments.map(fieldSubject)];
  return words.slice(-depth).join("");
}

/** The shortest of the paths, the first of equal ones. */
function shortest(paths: readonly string[]): string {
  return paths.reduce((best, path) => (path.length < best.length ? path : best));
}

/** A function's subject (getVenue → Venue, listApGroups → ApGroup) or a kind. */
function ownerSubject(owner: string): string {
  const subject = owner.replace(/^(get|list)(?=[A-Z])/, "");
  return singular(subject[0].toUpperCase() + subject.slice(1));
}

function fieldSubject(segment: string): string {
  const list = segment.endsWith("[]");
  const name = segment.replace(/(\[\])+$/, "");
  const pascal = name[0].toUpperCase() + name.slice(1);
  return list ? singular(pascal) : pascal;
}

function singular(word: string): string {
  if (/ies$/.test(word)) return `${word.slice(0, -3)}y`;
  if (/(ss|sh|ch|x)es$/.test(word) || /sses$/.test(word)) return word.slice(0, -2);
  if (/[^s]s$/.test(word)) return word.slice(0, -1);
  return word;
}

function list(names: string[]): string {
  const sorted = names.map((name) => `\`${name}\``);
  return sorted.length === 1 ? sorted[0] : `${sorted.slice(0, -1).join(", ")} and ${sorted.at(-1)}`;
}
