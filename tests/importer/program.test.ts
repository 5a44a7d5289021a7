// From the objects read to the generated program, without a service: names, references, order,
// fields at their defaults, settings at their defaults, secrets, --venue and --kinds.
import { RESOURCE_SPECS } from "../../provider/resources";
import { projectFiles, type ProjectFacts } from "../../importer/emit";
import { programOf, Reference, SecretRead, type ProgramModel } from "../../importer/program";
import type { ImportedObject, TenantRead } from "../../importer/read";

type Props = Record<string, any>;

const id = (n: number) => n.toString(16).padStart(32, "0");
const HQ = id(1);
const BRANCH = id(2);
const LOBBY = id(3);
const BRANCH_LOBBY = id(4);
const STAFF = id(5);
const CORP = id(6);
const PROFILE = id(7);
const VLAN = id(8);
const DEFAULT_GROUP = id(9);
const SWITCH = "FEK3224R0A1";
const SECRETS = { staff: "staff-Passphrase-1", radius: "radius-Secret-2" };

function object(kind: string, objectId: string, inputs: Props, more: Partial<ImportedObject> = {}): ImportedObject {
  return { kind, id: objectId, inputs, filled: {}, api: { id: objectId, ...inputs }, ...more };
}

function tenant(): TenantRead {
  const hq = object("Venue", HQ, { name: "HQ Office" });
  const branch = object("Venue", BRANCH, { name: "Branch" });
  const profile = object("SwitchProfile", PROFILE, { name: "Campus", venues: [HQ] });
  const sw = object("Switch", SWITCH, { serialNumber: SWITCH, venueId: HQ, name: "Access 1" });
  return {
    objects: [
      // Read in the reader's order (owners first), not the program's.
      object("NotificationRecipient", id(20), {
        description: "On-call",
        endpoints: [{ type: "EMAIL", destination: "a@example.com" }],
      }),
      object("NotificationRecipient", id(21), {
        description: "On-call",
        endpoints: [{ type: "EMAIL", destination: "b@example.com" }],
      }),
      hq,
      branch,
      object("ApGroup", LOBBY, { name: "Lobby", venueId: HQ }),
      object("ApGroup", BRANCH_LOBBY, { name: "Lobby", venueId: BRANCH }),
      object("Network", STAFF, {
        name: "Staff",
        type: "psk",
        // 120 is the default inactivity timeout, hideSsid's default is false: only hideSsid differs.
        wlan: {
          ssid: "staff",
          wlanSecurity: "WPA2Personal",
          vlanId: 20,
          enabled: true,
          advancedCustomization: { clientInactivityTimeout: 120, hideSsid: true },
        },
        passphrase: SECRETS.staff,
      }),
      object("Network", CORP, {
        name: "Corp",
        type: "aaa",
        wlan: { ssid: "corp", wlanSecurity: "WPA2Enterprise" },
        authRadius: { primary: { ip: "192.0.2.10", port: 1812, sharedSecret: SECRETS.radius } },
      }),
      object("NetworkVenueActivation", id(10), {
        networkId: STAFF,
        venueId: HQ,
        isAllAPGroups: false,
        apGroups: [{ apGroupId: LOBBY, radio: "Both" }],
      }),
      object(
        "VenueRadio",
        HQ,
        { venueId: HQ, radioParams24G: { allowedChannels: ["1", "6", "11"], channelBandwidth: "20MHz" } },
        { owner: hq },
      ),
      object("VenueRadio", BRANCH, { venueId: BRANCH }, { owner: branch }),
      object(
        "Ap",
        "312345678901",
        { serialNumber: "312345678901", name: "Lobby AP", venueId: HQ },
        { filled: { apGroupId: LOBBY } },
      ),
      object(
        "Ap",
        "312345678902",
        { serialNumber: "312345678902", name: "Branch AP", venueId: BRANCH },
        { filled: { apGroupId: DEFAULT_GROUP } },
      ),
      profile,
      object("SwitchVlan", VLAN, { profileId: PROFILE, vlanId: 210, vlanName: "users" }, { owner: profile }),
      sw,
      object("SwitchPortSettings", "1/1/5", { switchId: SWITCH, port: "1/1/5", untaggedVlan: "210" }, { owner: sw }),
      // The service does not show a vSPoT server's password (as if write-only): the program must still set it.
      object("VspotServer", id(11), {
        serverName: "Hotspot",
        serverAddress: "vspot.example.com",
        venues: [{ id: BRANCH }],
      }),
    ],
    skipped: [{ kind: "ApGroup", id: DEFAULT_GROUP, reason: "the venue's default AP group" }],
    unreadable: [{ kind: "DpskPassphrase", reason: "write-only" }],
  };
}

const ALL = Object.keys(RESOURCE_SPECS);
const byName = (model: ProgramModel) => Object.fromEntries(model.declarations.map((d) => [d.name, d]));
const FACTS: ProjectFacts = {
  project: "hq",
  stack: "dev",
  tenantId: id(99),
  address: { key: "nms:region", value: "eu" },
  packageVersion: "0.1.0",
};

describe("names", () => {
  it("come from the objects' names, with the owner's in front or a number behind when taken", async () => {
    const model = await programOf(tenant(), { kinds: ALL, variant: "newer" });
    const names = model.declarations.map((d) => [d.name, d.variable]);
    expect(names).toEqual(
      expect.arrayContaining([
        ["hq-office", "hqOffice"],
        ["lobby", "lobby"],
        ["branch-lobby", "branchLobby"],
        ["on-call", "onCall"],
        ["on-call-2", "onCall2"],
        ["hq-office-radio", "hqOfficeRadio"],
        ["staff-at-hq-office", "staffAtHqOffice"],
        ["access-1-port-1-1-5", "access1Port115"],
      ]),
    );
    expect(new Set(model.declarations.map((d) => d.variable)).size).toBe(model.declarations.length);
  });

  it("are the same for the same tenant whatever order the objects were read in", async () => {
    const read = tenant();
    const first = await programOf(read, { kinds: ALL, variant: "newer" });
    const second = await programOf({ ...read, objects: [...read.objects].reverse() }, { kinds: ALL, variant: "newer" });
    expect(second.declarations.map((d) => d.name)).toEqual(first.declarations.map((d) => d.name));
  });
});

describe("references and order", () => {
  it("write another object's ID as a reference to its resource, declared before", async () => {
    const model = await programOf(tenant(), { kinds: ALL, variant: "newer" });
    const d = byName(model);
    expect(d["lobby"].args.venueId).toEqual(new Reference("hqOffice"));
    expect(d["staff-at-hq-office"].args).toMatchObject({
      networkId: new Reference("staff"),
      venueId: new Reference("hqOffice"),
      apGroups: [{ apGroupId: new Reference("lobby") }],
    });
    // A setting's ID is its owner's: a reference to the owner.
    expect(d["hq-office-radio"].args.venueId).toEqual(new Reference("hqOffice"));
    const position = new Map(model.declarations.map((decl, i) => [decl.variable, i]));
    for (const [i, decl] of model.declarations.entries()) {
      const walk = (v: unknown): void => {
        if (v instanceof Reference) expect(position.get(v.variable)!).toBeLessThan(i);
        else if (Array.isArray(v)) v.forEach(walk);
        else if (v && typeof v === "object") Object.values(v).forEach(walk);
      };
      walk(decl.args);
      for (const dep of decl.dependsOn) expect(position.get(dep)!).toBeLessThan(i);
    }
  });

  it("set a field the service fills in only when it names an object of the program (an AP's group, not the venue's default group)", async () => {
    const d = byName(await programOf(tenant(), { kinds: ALL, variant: "newer" }));
    expect(d["lobby-ap"].args.apGroupId).toEqual(new Reference("lobby"));
    expect(d["branch-ap"].args).not.toHaveProperty("apGroupId");
  });

  it("make a resource that names another by number or name depend on it (a port's VLAN), the value as it is", async () => {
    const d = byName(await programOf(tenant(), { kinds: ALL, variant: "newer" }));
    expect(d["access-1-port-1-1-5"].args.untaggedVlan).toBe("210");
    expect(d["access-1-port-1-1-5"].dependsOn).toEqual(["vlan210Users"]);
    expect(projectFiles(await programOf(tenant(), { kinds: ALL, variant: "newer" }), FACTS)["index.ts"]).toContain(
      "{ dependsOn: [vlan210Users] });",
    );
  });

  it("leave an ID literal, and say so, when its object is not in the program (--kinds)", async () => {
    const model = await programOf(tenant(), { kinds: ["ApGroup", "Ap"], variant: "newer" });
    expect(new Set(model.declarations.map((d) => d.kind))).toEqual(new Set(["ApGroup", "Ap"]));
    expect(byName(model)["lobby"].args.venueId).toBe(HQ);
    expect(model.outside).toEqual(
      expect.arrayContaining([{ resource: "lobby", path: "venueId", id: HQ, kind: "Venue" }]),
    );
  });
});

describe("defaults", () => {
  it("leave out fields inside an input that hold their own default, for the object's own type", async () => {
    const staff = byName(await programOf(tenant(), { kinds: ALL, variant: "newer" }))["staff"];
    // WPA2Personal is a psk network's default security: left out too.
    expect(staff.args.wlan).toEqual({ ssid: "staff", vlanId: 20, advancedCustomization: { hideSsid: true } });
    const corp = byName(await programOf(tenant(), { kinds: ALL, variant: "newer" }))["corp"];
    expect(corp.args.wlan).toEqual({ ssid: "corp", wlanSecurity: "WPA2Enterprise" });
  });

  it("give a settings object no resource when it holds nothing but its defaults, unless --all-settings", async () => {
    const model = await programOf(tenant(), { kinds: ALL, variant: "newer" });
    expect(model.declarations.filter((d) => d.kind === "VenueRadio").map((d) => d.name)).toEqual(["hq-office-radio"]);
    expect(model.atDefaults).toEqual({ VenueRadio: 1 });
    const all = await programOf(tenant(), { kinds: ALL, variant: "newer", allSettings: true });
    expect(
      all.declarations
        .filter((d) => d.kind === "VenueRadio")
        .map((d) => d.name)
        .sort(),
    ).toEqual(["branch-radio", "hq-office-radio"]);
  });

  it("give settings no adoptId (they always exist) and every other resource the ID of its object", async () => {
    const d = byName(await programOf(tenant(), { kinds: ALL, variant: "newer" }));
    expect(d["hq-office-radio"].args).not.toHaveProperty("adoptId");
    expect(d["hq-office"].args.adoptId).toBe(HQ);
    expect(d["lobby-ap"].args.adoptId).toBe("312345678901");
  });
});

describe("secrets", () => {
  it("are read from the stack's config, each secret leaf on its own, the fields around it in plain", async () => {
    const model = await programOf(tenant(), { kinds: ALL, variant: "newer" });
    const d = byName(model);
    expect(d["staff"].args.passphrase).toEqual(new SecretRead("staffPassphrase", "string"));
    expect(d["corp"].args.authRadius).toEqual({
      primary: {
        ip: "192.0.2.10",
        port: 1812,
        sharedSecret: new SecretRead("corpAuthRadiusPrimarySharedSecret", "string"),
      },
    });
    expect(model.secrets.map((s) => [s.key, s.value])).toEqual(
      expect.arrayContaining([
        ["staffPassphrase", SECRETS.staff],
        ["corpAuthRadiusPrimarySharedSecret", SECRETS.radius],
      ]),
    );
  });

  it("the service does not show become required config too, marked as such in the README", async () => {
    const model = await programOf(tenant(), { kinds: ALL, variant: "newer" });
    expect(byName(model)["hotspot"].args.password).toEqual(new SecretRead("hotspotPassword", "string"));
    expect(model.secrets.find((s) => s.key === "hotspotPassword")).toMatchObject({ value: undefined });
    expect(model.problems).toEqual([]);
    const readme = projectFiles(model, FACTS)["README.md"];
    expect(readme).toMatch(/does not return these secrets[\s\S]*pulumi config set --secret hotspotPassword/);
  });

  it("appear in no written file, and the README says how to set each", async () => {
    const files = projectFiles(await programOf(tenant(), { kinds: ALL, variant: "newer" }), FACTS);
    for (const text of Object.values(files))
      for (const secret of Object.values(SECRETS)) expect(text).not.toContain(secret);
    expect(files["index.ts"]).toContain('passphrase: config.requireSecret("staffPassphrase")');
    expect(files["README.md"]).toContain("pulumi config set --secret staffPassphrase");
  });
});

describe("--venue", () => {
  it("keeps the venue, what names it or is found under it, and what that refers to, by ID or by name", async () => {
    for (const venue of ["Branch", BRANCH]) {
      const model = await programOf(tenant(), { kinds: ALL, variant: "newer", venue });
      // Its lobby is "lobby" here: no other lobby takes the name.
      expect(model.declarations.map((d) => d.name).sort()).toEqual(["branch", "branch-ap", "hotspot", "lobby"]);
    }
    const hq = await programOf(tenant(), { kinds: ALL, variant: "newer", venue: "HQ Office" });
    // The network activated on the venue comes along; other venues' objects and tenant-wide ones do not.
    expect(hq.declarations.map((d) => d.name)).toEqual(
      expect.arrayContaining([
        "hq-office",
        "staff",
        "staff-at-hq-office",
        "campus",
        "vlan-210-users",
        "access-1-port-1-1-5",
      ]),
    );
    expect(hq.declarations.map((d) => d.name)).not.toContain("corp");
    expect(hq.declarations.map((d) => d.name)).not.toContain("on-call");
  });

  it("refuses a venue the tenant does not have", async () => {
    await expect(programOf(tenant(), { kinds: ALL, variant: "newer", venue: "Nowhere" })).rejects.toThrow(
      "--venue Nowhere: the tenant has no venue with that ID or name",
    );
  });
});
