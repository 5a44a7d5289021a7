// A stack program's process loads no provider code: the classes carry what registering needs (their
// secrets, outputs and how they own their object, written by the generator), and the provider runs
// in the provider host, which loads it from the installed package (sdk/stub.ts). Checked in a fresh
// process on the built package, under Pulumi's mocks, with resources of several shapes: a created
// object with secrets, settings that always exist, an object under a parent.
import { execFile } from "node:child_process";
import * as path from "node:path";

const ROOT = path.resolve(__dirname, "..", "..");

const PROGRAM = `
const pulumi = require("@pulumi/pulumi");
const registered = [];
pulumi.runtime.setMocks({
  newResource: (args) => { registered.push({ type: args.type, inputs: Object.keys(args.inputs) }); return { id: args.name + "-id", state: args.inputs }; },
  call: () => ({}),
}, "project", "stack", false);
const nms = require("./dist/sdk/index.js");
const venue = new nms.Venue("hq", { name: "HQ" });
const network = new nms.Network("corp", { name: "Corp", type: "psk", wlan: { ssid: "corp" }, passphrase: "correct-horse" });
const radio = new nms.VenueRadio("hq-radio", { venueId: venue.id });
const profile = new nms.SwitchProfile("core", { name: "Core" });
const vlan = new nms.SwitchVlan("users", { profileId: profile.id, vlanId: 20 });
pulumi.all([venue.id, network.id, radio.id, vlan.id, pulumi.isSecret(network.passphrase)]).apply(([, , , , secret]) => {
  const provider = Object.keys(require.cache).filter((file) => file.startsWith(${JSON.stringify(path.join(ROOT, "dist", "provider") + path.sep)}));
  process.stdout.write(JSON.stringify({ provider, secret, types: registered.map((r) => r.type).sort(), tokens: [nms.Venue, nms.Network, nms.VenueRadio, nms.SwitchProfile, nms.SwitchVlan].map((c) => c.__pulumiType).sort(), isInstance: nms.Venue.isInstance(venue) && !nms.Venue.isInstance(radio) }));
});
`;

function run(): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, ["--no-warnings", "-e", PROGRAM], { cwd: ROOT }, (error, stdout, stderr) =>
      resolve({ code: error ? (child.exitCode ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe("a stack program", () => {
  it("registers resources of several kinds, secrets marked, without loading any file under provider/", async () => {
    const { code, stdout, stderr } = await run();
    expect([code, stderr]).toEqual([0, ""]);
    const report = JSON.parse(stdout);
    expect(report.provider).toEqual([]);
    expect(report.secret).toBe(true);
    expect(report.isInstance).toBe(true);
    // Each class's __pulumiType is the type it registers with, as in Pulumi's own packages.
    // The state's identity (sdk/stateIdentity.ts) is registered with the first resource.
    expect(report.types).toEqual(
      ["Network", "StateIdentity", "SwitchProfile", "SwitchVlan", "Venue", "VenueRadio"].map(
        (kind) => `pulumi-nodejs:dynamic/nms:${kind}`,
      ),
    );
    expect(report.tokens).toEqual(report.types.filter((type: string) => !type.endsWith(":StateIdentity")));
  });
});
