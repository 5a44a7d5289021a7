// What importing a kind needs beyond its resource spec (provider/resources/): which kind an
// identity input names, the objects the service makes on its own, the few kinds whose objects no
// list or read of their own shows, and how objects are named. Everything else (list operations,
// parents, the read form's mapping to inputs, secrets, defaults) comes from the specs.
import type { OperationName } from "../contract/routes";
import type { Props } from "../provider/spec";

/**
 * The kind an identity input names, where it names another object: a setting's `venueId` its venue,
 * an AP setting's `serialNumber` its AP, a VLAN's `profileId` its profile. Objects are found per
 * such owner (a profile's VLANs through listProfileVlans with its ID) and named after it.
 */
export const OWNER_KINDS: Readonly<Record<string, string>> = {
  venueId: "Venue",
  serialNumber: "Ap",
  floorPlanId: "FloorPlan",
  profileId: "SwitchProfile",
  switchId: "Switch",
};

/** What the reader knows while it reads: the tenant and who it logs in as. */
export interface ReadContext {
  readonly tenantId: string;
  readonly username: string;
}

export interface KindImport {
  /**
   * Why an object is left out, when it is one the service made on its own and a program must not
   * take over (a venue's default AP group), or one whose destroy would lock the program out.
   */
  skip?(api: Props, context: ReadContext): string | undefined;
  /**
   * Where the objects are, when the spec's own operations do not show them: a list of the tenant
   * filtered (delegations share listDelegations), or a field of each owner's read form (a profile's trusted ports).
   */
  readonly enumerate?:
    | { readonly list: OperationName; where(api: Props, context: ReadContext): boolean }
    | { readonly within: string };
  /**
   * The settings' read form as a field of the owner's detail read, so that one read of the owner
   * serves every setting it holds (getAp shows an AP's radio, LAN ports and mDNS gateway).
   */
  readonly readWithin?: { readonly op: OperationName; readonly field: string };
  /** Inputs the read form holds under another name (a VAR delegation's username is `delegatedToAdmin`). */
  inputsFrom?(api: Props): Props;
  /**
   * Inputs that name another object by its name or number instead of its ID (a port's VLANs by VLAN ID, its ACLs by
   * name): the value stays as it is, and the resource depends on the object it names, so that destroy deletes it
   * first. Looked for among the objects of `kind` whose `by` equals the value.
   */
  readonly namedReferences?: readonly { readonly field: string; readonly kind: string; readonly by: string }[];
  /**
   * Another kind whose objects already hold these (a vSPoT server's `venues` are its venue bindings): when both
   * kinds are imported, these are not read and get no resource of their own, as the provider's docs ask (one or
   * the other).
   */
  readonly heldBy?: { readonly kind: string; readonly why: string };
  /** Why no object of the kind can be imported. */
  readonly notImportable?: string;
  /** The words a resource's name is made of; default the object's name field (see labelOf), or its owner's and the kind's. */
  label?(inputs: Props, labelOfId: (id: unknown) => string | undefined): string | undefined;
}

const text = (value: unknown): string | undefined =>
  typeof value === "string" && value !== "" ? value : typeof value === "number" ? String(value) : undefined;

const VLANS = (...fields: string[]) => fields.map((field) => ({ field, kind: "SwitchVlan", by: "vlanId" }));
const ACLS = [
  { field: "ingressAcl", kind: "SwitchAcl", by: "name" },
  { field: "egressAcl", kind: "SwitchAcl", by: "name" },
];

export const KIND_IMPORTS: Readonly<Record<string, KindImport>> = {
  ApGroup: {
    skip: (api) =>
      api.isDefault === true
        ? "the venue's default AP group, which the service makes and keeps with the venue"
        : undefined,
  },
  Admin: {
    // Destroying the stack would delete the administrator the provider logs in as.
    skip: (api, { username }) =>
      String(api.email ?? "").toLowerCase() === username.toLowerCase()
        ? "the administrator this import logs in as (destroying the stack would delete the provider's own login)"
        : undefined,
    label: (inputs) => text(inputs.email) ?? text(inputs.externalId),
  },
  VarDelegation: {
    enumerate: {
      list: "listDelegations",
      where: (d, { tenantId }) => d.type === "VAR" && (d.delegatedBy === undefined || d.delegatedBy === tenantId),
    },
    inputsFrom: (api) => ({ username: api.delegatedToAdmin }),
    label: (inputs) => `var ${text(inputs.username) ?? ""}`,
  },
  SupportAccess: {
    enumerate: {
      list: "listDelegations",
      where: (d, { tenantId }) =>
        d.type === "SUPPORT" && d.isValid !== false && (d.delegatedBy === undefined || d.delegatedBy === tenantId),
    },
    label: () => "support access",
  },
  SwitchTrustedPort: {
    enumerate: { within: "trustedPorts" },
    label: (inputs, of) => `${of(inputs.profileId) ?? "profile"} trusted ${text(inputs.model) ?? ""}`,
  },
  ApRadio: { readWithin: { op: "getAp", field: "radio" } },
  ApLanPorts: { readWithin: { op: "getAp", field: "lanPorts" } },
  ApMdnsGateway: { readWithin: { op: "getAp", field: "bonjourGateway" } },
  VenueVspotBinding: {
    heldBy: {
      kind: "VspotServer",
      why: "held by its vSPoT server's venues (a venue's server is managed in one place or the other)",
    },
    label: (inputs, of) => `${of(inputs.venueId) ?? "venue"} vspot`,
  },
  DpskPassphrase: {
    notImportable: "the service has no read for DPSK passphrases (write-only): nothing shows which exist",
  },
  NetworkVenueActivation: {
    label: (inputs, of) => `${of(inputs.networkId) ?? "network"} at ${of(inputs.venueId) ?? "venue"}`,
  },
  SwitchVlan: { label: (inputs) => `vlan ${text(inputs.vlanId) ?? ""} ${text(inputs.vlanName) ?? ""}` },
  SwitchPortSettings: {
    namedReferences: [...VLANS("untaggedVlan", "taggedVlans"), ...ACLS],
    label: (inputs, of) => `${of(inputs.switchId) ?? "switch"} port ${text(inputs.port) ?? ""}`,
  },
  SwitchLag: { namedReferences: VLANS("untaggedVlan", "taggedVlans") },
  SwitchIpPort: {
    namedReferences: ACLS,
    label: (inputs, of) => `${of(inputs.switchId) ?? "switch"} ip ${text(inputs.port) ?? ""}`,
  },
  SwitchVePort: {
    namedReferences: [...VLANS("vlanId"), ...ACLS],
    label: (inputs, of) => `${of(inputs.switchId) ?? "switch"} ve ${text(inputs.vlanId) ?? ""}`,
  },
  VenueDhcpBinding: { label: (inputs, of) => `${of(inputs.venueId) ?? "venue"} dhcp` },
};

/** Fields that name an object, in the order a name is looked for. */
export const NAME_FIELDS = ["name", "profileName", "serverName", "description", "email", "username"] as const;
