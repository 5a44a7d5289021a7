// --state-file: the emulator run as users run it (a child process), filled through the API, stopped
// with SIGTERM while a write is still PENDING, and started again from its file: every tenant and
// object is back with its ID, the pending write was applied, request records, uploaded files,
// logins and tokens survive. A file cut short or altered stops the start with an error naming the
// file and what is wrong, and exit code 2.
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { type RunningEmulator, startEmulator, StateFileError } from "../../../emulator";
import { encodeState } from "../../../emulator/state/stateFile";
import { apBody, Client, deepNetworkBody, send, switchBody, venueBody } from "../../support/emulatorClient";
import { type EmulatorProcess, runEmulator, startEmulatorProcess } from "../../support/emulatorProcess";

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "nms-state-"));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const asEmu = (url: string) => ({ url }) as RunningEmulator;
const adminCall = async (url: string, method: string, p: string, body?: unknown) =>
  (await send(`${url}/__admin${p}`, method, body)).body;

/** Everything the admin API shows of a tenant: every kind's objects in the read form, and its settings. */
async function tenantView(url: string, tenantId: string) {
  return {
    objects: await adminCall(url, "GET", `/tenants/${tenantId}/objects`),
    settings: await adminCall(url, "GET", `/tenants/${tenantId}/settings`),
  };
}

test("a restart from the state file keeps every tenant, object, record, file and login, and applies a write PENDING at SIGTERM", async () => {
  const stateFile = path.join(dir, "state.json");
  const configFile = path.join(dir, "config.json");
  fs.writeFileSync(
    configFile,
    JSON.stringify({
      tenants: [
        { name: "Acme", username: "admin@acme.example", password: "acme-pw", wifiApiVariant: "older", wifiLicenses: 5 },
      ],
    }),
  );
  const args = ["--config", configFile, "--state-file", stateFile, "--async-delay-ms", "0", "--no-rate-limit"];
  let first: EmulatorProcess | undefined = await startEmulatorProcess(args);
  let second: EmulatorProcess | undefined;
  try {
    const url = first.started.url;
    const acme = first.started.tenants[0];
    expect(first.started).toEqual(expect.objectContaining({ stateFile, restored: false }));
    const demo = await Client.login(asEmu(url), first.started.username, first.started.password);
    const customer = await Client.login(asEmu(url), "admin@acme.example", "acme-pw");

    const venue = await demo.ok("createVenue", {}, venueBody("Persisted HQ"));
    const network = await demo.ok("createNetworkDeep", {}, deepNetworkBody("Persisted corp"));
    await demo.ok("createAps", {}, [apBody(venue.id, 1)]);
    await demo.ok("createSwitch", {}, switchBody(venue.id, 1));
    await demo.ok("activateNetwork", {}, { networkId: network.id, venueId: venue.id });
    await customer.ok("createVenue", {}, venueBody("Acme branch"));
    const { fileId, signedUrl } = (await demo.call("getUploadUrl", {}, { fileExtension: "png" })).body;
    expect((await send(signedUrl, "PUT", "image bytes")).status).toBe(200);
    const extra = await adminCall(url, "POST", "/tenants", { name: "Made by the admin API", wifiLicenses: 7 });
    await adminCall(url, "PUT", `/tenants/${acme.tenantId}/msp`, { mspTenantId: first.started.tenantId });

    // The last write stays PENDING for a minute: only the stop can apply it.
    await adminCall(url, "PUT", "/config", { asyncDelayMs: 60_000 });
    const pending = await demo.call("createVenue", {}, venueBody("Pending at SIGTERM"));
    expect(pending.status).toBe(202);
    expect((await demo.call("getRequest", { requestId: pending.body.requestId })).body.status).toBe("PENDING");
    const before = {
      demo: await tenantView(url, demo.tenantId),
      acme: await tenantView(url, acme.tenantId),
      extra: await tenantView(url, extra.tenantId),
    };

    expect(await first.stop("SIGTERM")).toBe(0);
    first = undefined;

    second = await startEmulatorProcess(args);
    const again = second.started.url;
    expect(second.started).toEqual(expect.objectContaining({ tenantId: demo.tenantId, restored: true }));
    expect(second.started.tenants[0].tenantId).toBe(acme.tenantId);

    // The write PENDING at SIGTERM was applied and its record says so.
    const resumed = new Client(asEmu(again), demo.tenantId, demo.cookie); // the token from before the restart
    expect((await resumed.call("getRequest", { requestId: pending.body.requestId })).body.status).toBe("SUCCESS");
    const after = await tenantView(again, demo.tenantId);
    const pendingVenue = after.objects.venues.find((v: { name: string }) => v.name === "Pending at SIGTERM");
    expect(pendingVenue?.id).toBe(pending.body.response.id);
    after.objects.venues = after.objects.venues.filter((v: { id: string }) => v.id !== pendingVenue.id);
    after.objects.apGroups = after.objects.apGroups.filter((g: { venueId: string }) => g.venueId !== pendingVenue.id);
    expect(after).toEqual(before.demo);
    expect(await tenantView(again, acme.tenantId)).toEqual(before.acme);
    expect(await tenantView(again, extra.tenantId)).toEqual(before.extra);
    expect(before.acme.settings).toEqual({ wifiApiVariant: "older", wifiLicenses: 5 });
    expect(before.demo.objects.venues.map((v: { id: string }) => v.id)).toContain(venue.id);

    // Request records, the uploaded file, logins and the MSP link are back too.
    const records = (await resumed.call("listRequestsByStatus", { status: "SUCCESS" })).body;
    expect(records.length).toBeGreaterThanOrEqual(6);
    const download = await fetch(`${again}/api/file/tenant/${demo.tenantId}/${fileId}`, {
      headers: { cookie: demo.cookie! },
      redirect: "manual",
    });
    expect(download.status).toBe(302);
    const bytes = await fetch(download.headers.get("location")!);
    expect(await bytes.text()).toBe("image bytes");
    const relogged = await Client.login(asEmu(again), "admin@acme.example", "acme-pw");
    expect((await relogged.call("getTenant")).body.mspEc.parentMspId).toBe(demo.tenantId);
  } finally {
    await first?.stop("SIGKILL");
    await second?.stop("SIGKILL");
  }
});

test("changes are written without waiting for the stop: a killed process loses nothing older than the save delay", async () => {
  const stateFile = path.join(dir, "killed.json");
  const args = ["--state-file", stateFile, "--async-delay-ms", "0", "--state-save-delay-ms", "50", "--seed", "7"];
  const first = await startEmulatorProcess(args);
  let second: EmulatorProcess | undefined;
  try {
    const demo = await Client.login(asEmu(first.started.url), first.started.username, first.started.password);
    const venue = await demo.ok("createVenue", {}, venueBody("Written early"));
    await new Promise((resolve) => setTimeout(resolve, 400));
    await first.stop("SIGKILL");
    second = await startEmulatorProcess(args);
    const again = await Client.login(asEmu(second.started.url), second.started.username, second.started.password);
    expect((await again.call("getVenue", { venueId: venue.id })).body.name).toBe("Written early");
    // The ID stream started with --seed goes on where it stood: a new object does not take an ID drawn before the restart.
    const next = await again.ok("createVenue", {}, venueBody("After the restart"));
    expect(next.id).not.toBe(venue.id);
    expect((await again.call("listVenues")).body.map((v: { id: string }) => v.id)).toEqual([venue.id, next.id]);
  } finally {
    await first.stop("SIGKILL");
    await second?.stop("SIGKILL");
  }
});

describe("a state file that cannot be trusted is refused with the file and the problem named", () => {
  let good: Buffer;
  beforeAll(async () => {
    const emu = await startEmulator({ port: 0, stateFile: path.join(dir, "good.json") });
    await emu.close();
    good = fs.readFileSync(path.join(dir, "good.json"));
  });

  test("cut short: the emulator does not start (exit code 2, nothing on stdout) and leaves the file as it was", async () => {
    const file = path.join(dir, "torn.json");
    const torn = good.subarray(0, Math.floor(good.length * 0.6));
    fs.writeFileSync(file, torn);
    const exited = await runEmulator(["--state-file", file]);
    expect(exited.code).toBe(2);
    expect(exited.stdout).toBe("");
    expect(exited.stderr).toContain(
      `emulator: state file ${file}: torn: cut short (the header announces ${good.length - good.indexOf(10) - 1} bytes of state, the file holds ${torn.length - good.indexOf(10) - 1})`,
    );
    expect(fs.readFileSync(file)).toEqual(torn);
  });

  test("a state file that cannot be written stops the start too", async () => {
    const file = path.join(dir, "no-such-folder", "state");
    await expect(startEmulator({ port: 0, stateFile: file })).rejects.toThrow(
      `state file ${file}: cannot be written: ENOENT`,
    );
  });

  test.each([
    [
      "altered",
      (bytes: Buffer) => Buffer.from(bytes.toString("utf8").replace("Demo Tenant", "Demo Tenamt")),
      /corrupt: the SHA-256 of its state does not match the header/,
    ],
    ["empty", () => Buffer.alloc(0), /the file is empty/],
    [
      // Its text is never quoted: the state holds the tenants' passwords.
      "well-sealed but not JSON",
      (bytes: Buffer) => {
        const body = Buffer.from(
          bytes
            .toString("utf8")
            .replace(/^.*\n/, "")
            .replace(/"password":"/, '"password":'),
        );
        const sha = createHash("sha256").update(body).digest("hex");
        return Buffer.concat([
          Buffer.from(
            `${bytes.toString("utf8").split(" ").slice(0, 2).join(" ")} bytes=${body.length} sha256=${sha}\n`,
          ),
          body,
        ]);
      },
      /^state file .*: its state: not valid JSON at line 1, column \d+$/,
    ],
    ["not a state file", () => Buffer.from('{"venues":[]}'), /not a state file of this emulator/],
    [
      "of a later format",
      (bytes: Buffer) =>
        Buffer.from(bytes.toString("utf8").replace(/^nms-emulator-state v\d+/, "nms-emulator-state v9")),
      /format version 9 is not supported/,
    ],
    [
      "longer than announced",
      (bytes: Buffer) => Buffer.concat([bytes, Buffer.from(" ")]),
      /longer than its header says/,
    ],
    [
      "well-formed but of the wrong shape",
      () => encodeState({ tenants: "none" } as never),
      /its state has not the expected shape: demo: Required/,
    ],
  ])("%s: startEmulator throws a StateFileError", async (name, damage, problem) => {
    const file = path.join(dir, `damaged-${name.replace(/ /g, "-")}.json`);
    fs.writeFileSync(file, damage(good));
    const started = startEmulator({ port: 0, stateFile: file });
    await expect(started).rejects.toThrow(StateFileError);
    await expect(started).rejects.toThrow(`state file ${file}: `);
    await expect(started).rejects.toThrow(problem);
  });
});

describe("uploaded files are kept beside the state file, once per content", () => {
  const upload = async (client: Client, bytes: string) => {
    const { fileId, signedUrl } = (await client.call("getUploadUrl", {}, { fileExtension: "png" })).body;
    expect((await send(signedUrl, "PUT", bytes)).status).toBe(200);
    return { fileId, signedUrl: signedUrl as string };
  };
  const download = async (url: string, client: Client, fileId: string) => {
    const redirect = await fetch(`${url}/api/file/tenant/${client.tenantId}/${fileId}`, {
      headers: { cookie: client.cookie! },
      redirect: "manual",
    });
    return (await fetch(redirect.headers.get("location")!)).text();
  };
  const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
  const waitFor = async (condition: () => boolean) => {
    for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(condition()).toBe(true);
  };

  test("the state holds digests, the folder holds each content once; a later save rewrites no file; a restart reads them back; a used upload address replaces nothing", async () => {
    const stateFile = path.join(dir, "uploads.state");
    const folder = `${stateFile}.files`;
    let emu: RunningEmulator | undefined = await startEmulator({
      port: 0,
      stateFile,
      stateSaveDelayMs: 0,
      asyncDelayMs: 0,
      rateLimit: null,
    });
    try {
      const demo = await Client.login(emu);
      const shared = "the same bytes in two files";
      const first = await upload(demo, shared);
      const second = await upload(demo, shared);
      const third = await upload(demo, "other bytes");
      await waitFor(
        () =>
          fs.existsSync(path.join(folder, sha256("other bytes"))) &&
          fs.readFileSync(stateFile, "utf8").includes(sha256("other bytes")),
      );
      expect(fs.readdirSync(folder).sort()).toEqual([sha256(shared), sha256("other bytes")].sort());
      const text = fs.readFileSync(stateFile, "utf8");
      expect(text).not.toContain(Buffer.from(shared).toString("base64"));
      expect(text.startsWith("nms-emulator-state v2 ")).toBe(true);
      const written = fs.statSync(path.join(folder, sha256(shared))).mtimeMs;

      await demo.ok("createVenue", {}, venueBody("Saved again"));
      await waitFor(() => fs.readFileSync(stateFile, "utf8").includes("Saved again"));
      expect(fs.statSync(path.join(folder, sha256(shared))).mtimeMs).toBe(written);

      await emu.close();
      emu = await startEmulator({ port: 0, stateFile, stateSaveDelayMs: 0, asyncDelayMs: 0, rateLimit: null });
      expect(emu.restored).toBe(true);
      const again = new Client(emu, demo.tenantId, demo.cookie);
      expect(await download(emu.url, again, first.fileId)).toBe(shared);
      expect(await download(emu.url, again, second.fileId)).toBe(shared);
      expect(await download(emu.url, again, third.fileId)).toBe("other bytes");

      // An upload address works once, across a restart too: the stored content is never replaced.
      const { pathname, search } = new URL(third.signedUrl);
      const refused = await send(`${emu.url}${pathname}${search}`, "PUT", "replaced bytes");
      expect({ status: refused.status, code: refused.body.errors[0].code }).toEqual({
        status: 403,
        code: "EMU-BAD-SIGNATURE",
      });
      expect(await download(emu.url, again, third.fileId)).toBe("other bytes");
      expect(fs.existsSync(path.join(folder, sha256("other bytes")))).toBe(true);
    } finally {
      await emu?.close();
    }
  });

  test("a state file of format version 1 (bytes inline, in base64) is still read", async () => {
    const source = path.join(dir, "v1-source.state");
    const emu = await startEmulator({ port: 0, stateFile: source, asyncDelayMs: 0, rateLimit: null });
    const demo = await Client.login(emu);
    const { fileId } = await upload(demo, "version one bytes");
    await emu.close();
    const snapshot = JSON.parse(fs.readFileSync(source, "utf8").split("\n").slice(1).join("\n"));
    for (const file of snapshot.files) {
      if (file.sha256 === undefined) continue;
      file.bytes = fs.readFileSync(path.join(`${source}.files`, file.sha256)).toString("base64");
      delete file.sha256;
    }
    const body = Buffer.from(JSON.stringify(snapshot));
    const v1 = path.join(dir, "v1.state");
    fs.writeFileSync(
      v1,
      Buffer.concat([
        Buffer.from(
          `nms-emulator-state v1 bytes=${body.length} sha256=${createHash("sha256").update(body).digest("hex")}\n`,
        ),
        body,
      ]),
    );
    const restored = await startEmulator({ port: 0, stateFile: v1, asyncDelayMs: 0, rateLimit: null });
    try {
      expect(restored.restored).toBe(true);
      expect(await download(restored.url, new Client(restored, demo.tenantId, demo.cookie), fileId)).toBe(
        "version one bytes",
      );
    } finally {
      await restored.close();
    }
    // Written again, it is version 2 with the bytes beside it.
    expect(fs.readFileSync(v1, "utf8").startsWith("nms-emulator-state v2 ")).toBe(true);
    expect(fs.readFileSync(path.join(`${v1}.files`, sha256("version one bytes")), "utf8")).toBe("version one bytes");
  });

  test("an uploaded file missing from the folder, or altered, stops the start with the file named", async () => {
    const stateFile = path.join(dir, "blob-lost.state");
    const emu = await startEmulator({ port: 0, stateFile, asyncDelayMs: 0, rateLimit: null });
    await upload(await Client.login(emu), "bytes that will be lost");
    await emu.close();
    const blob = path.join(`${stateFile}.files`, sha256("bytes that will be lost"));
    fs.writeFileSync(blob, "altered");
    await expect(startEmulator({ port: 0, stateFile })).rejects.toThrow(
      `state file ${stateFile}: the uploaded file ${blob} is corrupt`,
    );
    fs.rmSync(blob);
    await expect(startEmulator({ port: 0, stateFile })).rejects.toThrow(
      new RegExp(`state file ${stateFile}: the uploaded file ${blob} it names cannot be read: ENOENT`),
    );
  });
});
