// getVenueValidChannels (getVenueValidChannels, beyond the API documentation) against the emulator: the venue's channels as the
// service answers them, in preview too, and an unknown venue surfaced with its error.
import { startEmulator, type RunningEmulator } from "../../../emulator";
import type { ConfigLookup } from "../../../provider/config";
import { closeSharedClient, invoke } from "../../../provider/programClient";
import { demoClient, setPreview } from "../../support/emulatorClient";

type Props = Record<string, any>;

let emulator: RunningEmulator;
let venueId: string;

const config = (): ConfigLookup => {
  const values: Record<string, string> = {
    "nms:baseUrl": emulator.url,
    "nms:tenantId": emulator.demo.tenantId,
    "nms:username": emulator.demo.username,
    "nms:password": emulator.demo.password,
  };
  return (key) => values[key];
};

beforeAll(async () => {
  for (const name of Object.keys(process.env)) if (name.startsWith("NMS_")) delete process.env[name];
  emulator = await startEmulator({ port: 0, asyncDelayMs: 10 });
  const admin = demoClient(emulator);
  venueId = (
    await admin.execute<Props>("createVenue", {}, { body: { name: "Channels venue", address: { country: "US" } } })
  ).response!.id;
  await admin.close();
});

afterAll(async () => {
  setPreview(false);
  await closeSharedClient();
  await emulator.close();
});

test.each([false, true])(
  "getVenueValidChannels answers the venue's channels per band and width (preview: %s)",
  async (preview) => {
    setPreview(preview);
    const channels = (await invoke("getVenueValidChannels", { venueId }, config())) as Props;
    expect(channels["2.4GChannels"].auto).toEqual(["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11"]);
    expect(Object.keys(channels["5GChannels"]).sort()).toEqual(["dfs", "indoor", "outdoor"]);
  },
);

test("an unknown venue fails with the service's error, the venue named", async () => {
  setPreview(false);
  await expect(
    invoke("getVenueValidChannels", { venueId: "0123456789abcdef0123456789abcdef" }, config()),
  ).rejects.toThrow(/getVenueValidChannels.*404.*NMS-NOT-FOUND.*venueId/s);
});

test("a missing venueId is refused before any call", async () => {
  await expect(invoke("getVenueValidChannels", {}, config())).rejects.toThrow(/venueId/);
});
