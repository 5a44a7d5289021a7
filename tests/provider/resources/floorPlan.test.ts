// A floor plan's image given as a Pulumi asset (provider/resources/floorPlan.ts), through the
// provider's lifecycle against the emulator: uploaded through getUploadUrl, downloaded back through getDownloadUrl
// without the service's headers, uploaded again only when its content changes.
import { startEmulator, type RunningEmulator } from "../../../emulator";
import type { NmsClient } from "../../../provider/client";
import { makeLifecycle } from "../../../provider/lifecycle";
import { RESOURCE_SPECS } from "../../../provider/resources";
import { demoClient } from "../../support/emulatorClient";

type Props = Record<string, any>;

const SIG = "4dabf18193072939515e22adb298388d";
const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";
const textAsset = (text: string) => ({ [SIG]: "c44067f5952c0a294b673a41bacd8c17", text });
const SVG_A = '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="4" height="3"/>';
const SVG_B = '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="6"/>';

let emulator: RunningEmulator;
let client: NmsClient;
let venueId: string;
const plans = () => makeLifecycle(RESOURCE_SPECS.FloorPlan, async () => client);

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, asyncDelayMs: 0 });
  client = demoClient(emulator);
  const venues = makeLifecycle(RESOURCE_SPECS.Venue, async () => client);
  venueId = (await venues.create((await venues.check!({}, { name: "Asset site" })).inputs)).id;
});

afterAll(async () => {
  await client.close();
  await emulator.close();
});

/** The uploaded file's bytes, fetched as the provider's getFileDownloadUrl does (getDownloadUrl's redirect, without the service's headers). */
async function downloaded(fileId: string): Promise<string> {
  return (await client.download(await client.redirectTarget("getDownloadUrl", { fileId }))).toString("utf8");
}

describe("FloorPlan with its image as a Pulumi asset", () => {
  it("uploads a StringAsset as svg (its type read from its content), keeps it on an unchanged preview, uploads again when the content changes", async () => {
    const p = plans();
    const calls = jest.spyOn(client, "call");
    const uploadsAsked = () =>
      calls.mock.calls
        .filter(([op]) => op === "getUploadUrl")
        .map(([, , init]) => (init?.body as Props | undefined)?.fileExtension);
    const first = await p.check!({}, { venueId, name: "Atrium", image: textAsset(SVG_A) });
    expect(first.failures).toEqual([]);
    const created = (await p.create(first.inputs)) as { id: string; outs: Props };
    expect(await downloaded(created.outs.imageId)).toBe(SVG_A);
    expect(uploadsAsked()).toEqual(["svg"]);

    const same = await p.check!(created.outs, { venueId, name: "Atrium", image: textAsset(SVG_A) });
    expect((await p.diff!(created.id, created.outs, same.inputs)).changes).toBe(false);

    const changed = await p.check!(created.outs, { venueId, name: "Atrium", image: textAsset(SVG_B) });
    const diff = await p.diff!(created.id, created.outs, changed.inputs);
    expect(diff.changes).toBe(true);
    const updated = (await p.update!(created.id, created.outs, changed.inputs)) as { outs: Props };
    expect(updated.outs.imageId).not.toBe(created.outs.imageId);
    expect(await downloaded(updated.outs.imageId)).toBe(SVG_B);
    expect(uploadsAsked()).toEqual(["svg", "svg"]);
    calls.mockRestore();
  });

  it("refuses at preview, naming image: both image and imagePath, content that is no image, an archive", async () => {
    const p = plans();
    const both = await p.check!({}, { venueId, imagePath: "/tmp/plan.png", image: textAsset(SVG_A) });
    expect(both.failures).toEqual([{ property: "image", reason: "set either image or imagePath, not both" }]);
    const notImage = await p.check!({}, { venueId, image: textAsset("just words") });
    expect(notImage.failures).toEqual([{ property: "image", reason: "is not a png, jpg, gif or svg image" }]);
    const archive = await p.check!({}, { venueId, image: { [SIG]: "0def7320c3a5731c473e5ecbe6d01bc7", path: "/tmp" } });
    expect(archive.failures).toEqual([{ property: "image", reason: "must be an asset, not an archive" }]);
  });

  it("leaves an asset whose path is not known yet for the update, without failing the preview", async () => {
    const checked = await plans().check!(
      {},
      { venueId, image: { [SIG]: "c44067f5952c0a294b673a41bacd8c17", path: UNKNOWN } },
    );
    expect(checked.failures).toEqual([]);
    expect(checked.inputs.imageSha256).toBeUndefined();
  });
});
