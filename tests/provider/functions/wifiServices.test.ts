// The Wi-Fi services' functions against the emulator: guest lists (listGuestUsers), DPSK passphrase formats
// (listDpskPassphraseFormats), guest import as a real multipart upload (importGuestUsers: a good file, a malformed file, a bad
// field), and client disconnect (disconnectClients, WIFI-10201 surfaced with its code). Actions never run in
// preview, and generated passwords never reach the logs.
import * as pulumi from "@pulumi/pulumi";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import type { ConfigLookup } from "../../../provider/config";
import { closeSharedClient, invoke } from "../../../provider/programClient";
import { adminApi, demoClient, setPreview } from "../../support/emulatorClient";

type Props = Record<string, any>;

let emulator: RunningEmulator;
let networkId: string;
let apMac: string;
const logLines: string[] = [];

const config = (): ConfigLookup => {
  const values: Record<string, string> = {
    "nms:baseUrl": emulator.url,
    "nms:tenantId": emulator.demo.tenantId,
    "nms:username": emulator.demo.username,
    "nms:password": emulator.demo.password,
    "nms:logLevel": "debug",
  };
  return (key) => values[key];
};

const GOOD_CSV =
  'name,mobilePhoneNumber,email,notes\nAna Import,+351910000081,ana@example.com,"front desk, day 1"\nRui Import,+351910000082,,\n';
const importArgs = (extra: Props = {}) => ({
  networkId,
  csv: GOOD_CSV,
  deliveryMethods: ["PRINT"],
  expiration: { activationType: "Creation", duration: 24, unit: "Hour" },
  maxDevices: 2,
  ...extra,
});

beforeAll(async () => {
  for (const name of Object.keys(process.env)) if (name.startsWith("NMS_")) delete process.env[name];
  emulator = await startEmulator({ port: 0, asyncDelayMs: 10 });
  setPreview(false);
  const admin = demoClient(emulator);
  const network = { name: "Import guests", type: "guest", wlan: {}, guestPortal: { guestNetworkType: "GuestPass" } };
  networkId = (await admin.execute<Props>("createNetworkDeep", {}, { body: network })).response!.id;
  const venueId = (await admin.execute<Props>("createVenue", {}, { body: { name: "Clients venue" } })).response!.id;
  apMac = (
    await admin.execute<Props[]>(
      "createAps",
      {},
      { body: [{ serialNumber: "712345678901", name: "Clients AP", venueId }] },
    )
  ).response![0].mac;
  await admin.close();
  // The program's client logs through Pulumi's log (nms:logLevel debug: every call).
  for (const level of ["debug", "info", "warn"] as const) {
    jest
      .spyOn(pulumi.log, level)
      .mockImplementation((async (message: string) => void logLines.push(message)) as typeof pulumi.log.info);
  }
});

afterAll(async () => {
  jest.restoreAllMocks();
  await closeSharedClient();
  await emulator.close();
});

describe("importGuestUsers (importGuestUsers, multipart)", () => {
  it("creates a guest per row of a good file, with generated passwords, and a download address; the passwords are in no log line", async () => {
    const outcome = (await invoke("importGuestUsers", importArgs(), config())) as Props;
    expect(outcome).toMatchObject({
      ran: true,
      requestId: expect.any(String),
      downloadUrl: expect.stringContaining(`/api/file/tenant/${emulator.demo.tenantId}/`),
    });
    expect(
      outcome.data.map((g: Props) => [g.name, g.mobilePhoneNumber, g.email, g.notes, g.networkId, g.maxDevices]),
    ).toEqual([
      ["Ana Import", "+351910000081", "ana@example.com", "front desk, day 1", networkId, 2],
      ["Rui Import", "+351910000082", undefined, undefined, networkId, 2],
    ]);
    const listed = (await invoke("listGuestUsers", {}, config())) as Props[];
    expect(listed.map((g) => g.name)).toEqual(expect.arrayContaining(["Ana Import", "Rui Import"]));
    const passwords = outcome.data.map((g: Props) => g.password as string);
    expect(passwords.every((p: string) => /^\d{8}$/.test(p))).toBe(true);
    expect(logLines.join("")).toContain("importGuestUsers");
    for (const password of passwords) expect(logLines.join("")).not.toContain(password);
  });

  it("refuses a malformed file, naming the file and creating nobody", async () => {
    const before = ((await invoke("listGuestUsers", {}, config())) as Props[]).length;
    await expect(invoke("importGuestUsers", importArgs({ csv: "name,phone\nAna,+351\n" }), config())).rejects.toThrow(
      /importGuestUsers.*422.*unknown column "phone".*\[file\]/s,
    );
    await expect(
      invoke("importGuestUsers", importArgs({ csv: 'name,mobilePhoneNumber\n"Ana,+351\n' }), config()),
    ).rejects.toThrow(/not a readable CSV.*\[file\]/s);
    await expect(
      invoke("importGuestUsers", importArgs({ csv: "name,mobilePhoneNumber\nAna\n" }), config()),
    ).rejects.toThrow(/1 cells.*\[file\[0\]\]/s);
    expect(((await invoke("listGuestUsers", {}, config())) as Props[]).length).toBe(before);
  });

  it("refuses a bad field at the service, naming the form field (arguments checked first do not hide the service's rule)", async () => {
    // The function checks its arguments before any call:
    await expect(
      invoke(
        "importGuestUsers",
        importArgs({ expiration: { activationType: "Creation", duration: 9000, unit: "Hour" } }),
        config(),
      ),
    ).rejects.toThrow("importGuestUsers: expiration.duration");
    // The service names its own form fields when a client sends a bad one.
    const form = new FormData();
    for (const [name, value] of Object.entries({
      deliveryMethods: "PRINT",
      "expiration.activationType": "Creation",
      "expiration.duration": "9000",
      "expiration.unit": "Hour",
      maxDevices: "0",
    })) {
      form.append(name, value);
    }
    form.append("file", new Blob([GOOD_CSV], { type: "text/csv" }), "guests.csv");
    const login = await fetch(`${emulator.url}/token`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: emulator.demo.username, password: emulator.demo.password }),
    });
    const cookie = `API-KEY=${((await login.json()) as Props)["API-KEY"]}`;
    const reply = await fetch(
      `${emulator.url}/api/tenant/${emulator.demo.tenantId}/wifi/guest-user/import?networkId=${networkId}`,
      { method: "POST", body: form, headers: { cookie } },
    );
    expect(reply.status).toBe(422);
    expect(((await reply.json()) as Props).errors.map((e: Props) => e.object).sort()).toEqual([
      "expiration.duration",
      "maxDevices",
    ]);
  });

  it("imports without delivery methods, which importGuestUsers leaves optional: the guests have none", async () => {
    const csv = "name,mobilePhoneNumber\nEva Import,+351910000084\n";
    const outcome = (await invoke(
      "importGuestUsers",
      importArgs({ csv, deliveryMethods: undefined }),
      config(),
    )) as Props;
    expect(outcome.data.map((g: Props) => [g.name, g.deliveryMethods ?? []])).toEqual([["Eva Import", []]]);
  });

  it("refuses an empty list of delivery methods, as a guest's own rule does", async () => {
    await expect(invoke("importGuestUsers", importArgs({ deliveryMethods: [] }), config())).rejects.toThrow(
      "importGuestUsers: deliveryMethods",
    );
  });

  it("refuses a row the guest rules refuse, naming the row", async () => {
    await expect(
      invoke(
        "importGuestUsers",
        importArgs({ csv: `name,mobilePhoneNumber,notes\nAna,+351910000083,${"n".repeat(181)}\n` }),
        config(),
      ),
    ).rejects.toThrow(/file\[0\]\.notes/);
  });
});

describe("listDpskPassphraseFormats", () => {
  it("returns the service's formats", async () => {
    const { formats } = (await invoke("listDpskPassphraseFormats", {}, config())) as Props;
    expect(formats.map((f: Props) => f.dpskGenerationParams.passphraseFormatEnum)).toEqual([
      "MOST_SECURED",
      "KEYBOARD_FRIENDLY",
      "NUMBERS_ONLY",
    ]);
  });
});

describe("disconnectClients", () => {
  it("disconnects a connected client and waits for the request; the same client again is WIFI-10201, surfaced with its code", async () => {
    await adminApi(emulator, "POST", `tenants/${emulator.demo.tenantId}/clients`, {
      apMac,
      clientMac: "02:00:00:00:00:81",
    });
    const clients = [{ apMac, clientMac: "02-00-00-00-00-81" }];
    expect(await invoke("disconnectClients", { clients }, config())).toMatchObject({
      ran: true,
      requestId: expect.any(String),
    });
    expect((await adminApi(emulator, "GET", `tenants/${emulator.demo.tenantId}/objects`)).wifiClients).toEqual([]);
    await expect(invoke("disconnectClients", { clients }, config())).rejects.toThrow(
      /disconnectClients.*404.*WIFI-10201.*\[0\]\.clientMac/s,
    );
  });
});

describe("in preview", () => {
  beforeAll(() => {
    setPreview(true);
  });
  afterAll(() => {
    setPreview(false);
  });

  it("importGuestUsers and disconnectClients do not run", async () => {
    const before = ((await invoke("listGuestUsers", {}, config())) as Props[]).length;
    expect(await invoke("importGuestUsers", importArgs(), config())).toMatchObject({ ran: false });
    expect(
      await invoke("disconnectClients", { clients: [{ apMac, clientMac: "02:00:00:00:00:99" }] }, config()),
    ).toMatchObject({ ran: false });
    expect(((await invoke("listGuestUsers", {}, config())) as Props[]).length).toBe(before);
  });
});
