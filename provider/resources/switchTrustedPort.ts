import { trustedPortSchema } from "../../contract/schemas/switchProfile";
import type { NmsClient } from "../client";
import { resourceSpec, type Props } from "../spec";

const FIELDS = ["model", "trustPorts", "trustedPortType", "vlanDemand"] as const;

const entryOf = (inputs: Props): Props =>
  Object.fromEntries(FIELDS.filter((f) => inputs[f] !== undefined).map((f) => [f, inputs[f]]));

const sameEntry = (a: Props, b: Props) => FIELDS.every((f) => JSON.stringify(a[f]) === JSON.stringify(b[f]));

const profileOf = (client: NmsClient, inputs: { profileId: string }) =>
  client.call<Props>("getSwitchProfile", { profileId: inputs.profileId });

/** The entry the create made, in the profile's answer: the last one equal to the inputs' entry. */
function createdEntry(profile: Props, inputs: Props): Props | undefined {
  const entries = Array.isArray(profile.trustedPorts) ? (profile.trustedPorts as Props[]) : [];
  return [...entries].reverse().find((entry) => sameEntry(entry, entryOf(inputs)));
}

// The service's API documentation shows no operation creating a trusted port: the profile's update (updateSwitchProfile) creates the entries of its body
// without an id (emulator/README.md), so the create reads the profile and writes it back with the new entry.
export const switchTrustedPortSpec = resourceSpec({
  kind: "SwitchTrustedPort",
  description:
    "A trusted-port entry of a switch profile (getTrustedPort, deleteTrustedPort), created through the profile's update (updateSwitchProfile), which the API documentation leaves " +
    "as the only way to create one. The service cannot change an entry in place: every change replaces it.",
  inputSchema: () => trustedPortSchema.omit({ id: true }),
  identity: { idParam: "trustedPortId", parents: { profileId: "profileId" } },
  ops: { create: "updateSwitchProfile", read: "getTrustedPort", delete: "deleteTrustedPort" },
  destroy: "delete",
  overrides: {
    // The create is the profile's update: a body of the profile as the service holds it now with the new entry, and an
    // answer that is the profile, from which the entry is picked (or, the answer lost, from the profile read again).
    async create(inputs, { client, op, send }) {
      const profile = await profileOf(client, inputs);
      const { response, record } = await send({
        id: profile.id,
        name: profile.name,
        description: profile.description,
        venues: profile.venues,
        trustedPorts: [entryOf(inputs)],
      });
      const picked = createdEntry(response ?? (await profileOf(client, inputs)), inputs);
      if (!picked)
        throw new Error(
          `SwitchTrustedPort was created through ${op} (request ${record?.requestId}) but its parent does not show it`,
        );
      return picked;
    },
  },
});
