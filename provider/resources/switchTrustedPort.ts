import { trustedPortSchema } from "../../contract/schemas/switchProfile";
import type { NmsClient } from "../client";
import type { Props, ResourceSpec } from "../spec";

const FIELDS = ["model", "trustPorts", "trustedPortType", "vlanDemand"] as const;

const entryOf = (inputs: Props): Props => Object.fromEntries(FIELDS.filter((f) => inputs[f] !== undefined).map((f) => [f, inputs[f]]));

const sameEntry = (a: Props, b: Props) => FIELDS.every((f) => JSON.stringify(a[f]) === JSON.stringify(b[f]));

const profileOf = (client: NmsClient, inputs: Props) => client.call<Props>("S45", { profileId: String(inputs.profileId) });

// The seeds show no operation creating a trusted port: the profile's update (S44) creates the entries of its body
// without an id (emulator/README.md), so the create reads the profile and writes it back with the new entry.
export const switchTrustedPortSpec: ResourceSpec = {
  kind: "SwitchTrustedPort",
  description:
    "A trusted-port entry of a switch profile (S48, S49), created through the profile's update (S44), which the API documentation leaves " +
    "as the only way to create one. The service cannot change an entry in place: every change replaces it.",
  inputSchema: () => trustedPortSchema.omit({ id: true }),
  identity: { idParam: "trustedPortId", parents: { profileId: "profileId" } },
  ops: { create: "S44", read: "S48", delete: "S49" },
  destroy: "delete",
  createThrough: {
    async body(client, inputs) {
      const profile = await profileOf(client, inputs);
      return { id: profile.id, name: profile.name, description: profile.description, venues: profile.venues, trustedPorts: [entryOf(inputs)] };
    },
    created(answer, inputs) {
      const entries = Array.isArray(answer.trustedPorts) ? (answer.trustedPorts as Props[]) : [];
      return [...entries].reverse().find((entry) => sameEntry(entry, entryOf(inputs)));
    },
    parent: profileOf,
  },
};
