// The emulator's options as users give them: flags and a JSON config file (emulator/cli.ts), the
// same names as startEmulator's options (emulator/settings/options.ts). Good options take effect; bad ones
// are refused with the flag, or the file and the field, named with the rule, and exit code 2.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { ROUTES } from "../../../contract";
import { EmulatorOptionsError, type RunningEmulator, startEmulator } from "../../../emulator";
import { checkOptions } from "../../../emulator/settings/options";
import { parseCommandLine, usage } from "../../../emulator/cli";
import { adminApi, apBody, Client, venueBody } from "../../support/emulatorClient";
import { runEmulator } from "../../support/emulatorProcess";

const files: Record<string, string> = {};
const readFile = (file: string) => {
  if (!(file in files)) throw Object.assign(new Error(`ENOENT: ${file}`), { code: "ENOENT" });
  return files[file];
};
const parse = (...args: string[]) => parseCommandLine(args, readFile).options;
const refusal = (...args: string[]) => {
  try {
    parseCommandLine(args, readFile);
  } catch (error) {
    expect(error).toBeInstanceOf(EmulatorOptionsError);
    return (error as Error).message;
  }
  throw new Error(`accepted: ${args.join(" ")}`);
};

describe("flags", () => {
  test("an operation is given by its name or by its ID in the API documentation", () => {
    const options = checkOptions({ asyncLatencyByOp: { [ROUTES.createNetworkDeep.id]: { baseMs: 2000 } } });
    expect(options.asyncLatencyByOp).toEqual({ createNetworkDeep: { baseMs: 2000, jitterMs: 0 } });
    const byId = `${ROUTES.createNetworkDeep.id}=2000+1000`;
    expect(parse("--async-latency", byId, "--async-latency", "createVenue=5").asyncLatencyByOp).toEqual({
      createNetworkDeep: { baseMs: 2000, jitterMs: 1000 },
      createVenue: { baseMs: 5, jitterMs: 0 },
    });
  });

  test("every option has a flag, in kebab case, and --help lists them", () => {
    expect(
      parse(
        ...[
          "--host",
          "0.0.0.0",
          "--port",
          "8080",
          "--seed",
          "42",
          "--wifi-api-variant",
          "older",
          "--wifi-licenses",
          "3",
        ],
        ...[
          "--async-delay-ms",
          "50",
          "--async-jitter-ms",
          "10",
          "--async-latency",
          "createNetworkDeep=2000+1000",
          "--async-latency",
          "createVenue=5",
        ],
        ...[
          "--rate-limit-rps",
          "5",
          "--token-ttl-ms",
          "1000",
          "--lockout-threshold",
          "0",
          "--lockout-duration-ms",
          "10",
        ],
        ...[
          "--fault",
          '{"kind":"http-5xx","op":"getVenue","count":1}',
          "--state-file",
          "/tmp/x.state",
          "--state-save-delay-ms=0",
        ],
      ),
    ).toEqual({
      host: "0.0.0.0",
      port: 8080,
      seed: 42,
      demoTenant: { wifiApiVariant: "older", wifiLicenses: 3 },
      asyncDelayMs: 50,
      asyncJitterMs: 10,
      asyncLatencyByOp: {
        createNetworkDeep: { baseMs: 2000, jitterMs: 1000 },
        createVenue: { baseMs: 5, jitterMs: 0 },
      },
      rateLimit: { requestsPerSecond: 5, burst: 100 },
      tokenTtlMs: 1000,
      lockoutThreshold: 0,
      lockoutDurationMs: 10,
      faults: [{ kind: "http-5xx", op: "getVenue", count: 1 }],
      stateFile: "/tmp/x.state",
      stateSaveDelayMs: 0,
    });
    expect(parse("--no-rate-limit")).toEqual({ rateLimit: null });
    expect(parseCommandLine(["--help"], readFile).help).toBe(true);
    for (const flag of [
      "--config",
      "--state-file",
      "--fault",
      "--async-latency",
      "--no-rate-limit",
      "--wifi-api-variant",
    ])
      expect(usage()).toContain(flag);
  });

  test.each([
    [["--port", "abc"], '--port: expected a whole number, got "abc"'],
    [["--port", "70000"], "--port (port): Number must be less than or equal to 65535"],
    [["--port"], "--port needs a value"],
    [["--port", "--seed", "1"], "--port needs a value"],
    [["--bogus"], "unknown option --bogus"],
    [["extra"], 'unexpected argument "extra"'],
    [
      ["--wifi-api-variant", "old"],
      "--wifi-api-variant (demoTenant.wifiApiVariant): Invalid enum value. Expected 'older' | 'newer', received 'old'",
    ],
    [["--async-latency", "createNetworkDeep"], "--async-latency: expected OP=BASE or OP=BASE+JITTER"],
    [["--async-latency", "login=5"], '--async-latency (asyncLatencyByOp.login): "login" is not one of the'],
    [["--fault", "{nope"], "--fault: not valid JSON at line 1, column 2"],
    [["--fault", '{"kind":"slow"}'], "--fault (faults[0].delayMs): Required"],
    [["--rate-limit-rps", "0"], "--rate-limit-rps (rateLimit.requestsPerSecond): Number must be greater than 0"],
    [["--no-rate-limit", "--rate-limit-burst", "3"], "--rate-limit-burst and --no-rate-limit contradict each other"],
    [
      ["--rate-limit-burst", "3", "--no-rate-limit"],
      "--no-rate-limit and --rate-limit-rps/--rate-limit-burst contradict each other",
    ],
    [
      ["--state-save-delay-ms", "-1"],
      "--state-save-delay-ms (stateSaveDelayMs): Number must be greater than or equal to 0",
    ],
    [["--config", "/missing.json"], "--config /missing.json: cannot be read (ENOENT)"],
  ])("%j is refused: %s", (args, message) => {
    expect(refusal(...args)).toContain(message);
  });
});

describe("config file", () => {
  beforeAll(() => {
    files["/good.json"] = JSON.stringify({
      port: 9000,
      rateLimit: { requestsPerSecond: 10, burst: 20 },
      faults: [{ kind: "reset", count: 1 }],
      tenants: [
        { name: "MSP", username: "admin@msp.example", password: "msp-pw" },
        {
          name: "Customer",
          tenantId: "c".repeat(32),
          username: "admin@customer.example",
          password: "c-pw",
          wifiApiVariant: "older",
          wifiLicenses: 1,
          mspTenant: "MSP",
        },
      ],
    });
    files["/bad.json"] = JSON.stringify({
      tenants: [
        { name: "One", username: "same@x.example", password: "pw", wifiLicenses: -1 },
        {
          name: "Two",
          tenantId: "XYZ",
          username: "same@x.example",
          password: "",
          readOnlyUsername: "ro@x.example",
          mspTenant: "Nobody",
          colour: "blue",
        },
      ],
      asyncDelayMs: "fast",
    });
    files["/array.json"] = "[]";
    files["/broken.json"] = "{ port: 1 ";
  });

  test("holds the same options; flags win over it, --fault adds to its faults", () => {
    const options = parse(
      "--config",
      "/good.json",
      "--port",
      "9001",
      "--rate-limit-burst",
      "5",
      "--fault",
      '{"kind":"http-429"}',
    );
    expect(options.port).toBe(9001);
    expect(options.rateLimit).toEqual({ requestsPerSecond: 10, burst: 5 });
    expect(options.faults).toEqual([{ kind: "reset", count: 1 }, { kind: "http-429" }]);
    expect(options.tenants).toHaveLength(2);
  });

  test("every problem is named with the file and the field's path", () => {
    const message = refusal("--config", "/bad.json");
    for (const expected of [
      "/bad.json: asyncDelayMs: Expected number, received string",
      "/bad.json: tenants[0].wifiLicenses: Number must be greater than or equal to 0",
      "/bad.json: tenants[1]: unknown field colour",
      "/bad.json: tenants[1].tenantId: must be 32 lowercase hexadecimal characters",
      "/bad.json: tenants[1].password: String must contain at least 1 character(s)",
    ]) {
      expect(message).toContain(expected);
    }
    expect(refusal("--config", "/array.json")).toBe("--config /array.json: must hold a JSON object");
    expect(refusal("--config", "/broken.json")).toBe("--config /broken.json: not valid JSON at line 1, column 3");
  });

  test("a file that does not parse is named by line and column, never quoted: it holds the tenants' passwords", () => {
    const secret = "Hunter2-S3cret";
    files["/typo.json"] = `{"tenants": [{"name": "One", "username": "a@x.example",\n  "password": ${secret}}]}`;
    const message = refusal("--config", "/typo.json");
    expect(message).toBe("--config /typo.json: not valid JSON at line 2, column 15");
    expect(refusal("--fault", `{"kind": ${secret}}`)).toBe("--fault: not valid JSON at line 1, column 10");
  });

  test("rules across the tenant list: logins are global, readOnly credentials go together, mspTenant names another tenant", () => {
    files["/list.json"] = JSON.stringify({
      tenants: [
        { name: "One", username: "same@x.example", password: "pw" },
        {
          name: "Two",
          username: "same@x.example",
          password: "pw",
          readOnlyUsername: "ro@x.example",
          mspTenant: "Nobody",
        },
        { name: "Two", username: "other@x.example", password: "pw", mspTenant: "Two" },
      ],
    });
    const message = refusal("--config", "/list.json");
    expect(message).toContain(
      "/list.json: tenants[1].username: same@x.example is already the login of tenants[0].username (logins are global)",
    );
    expect(message).toContain(
      "/list.json: tenants[1].readOnlyPassword: readOnlyUsername and readOnlyPassword go together",
    );
    expect(message).toContain("/list.json: tenants[1].mspTenant: must be the name of another tenant of the list");
    expect(message).toContain("/list.json: tenants[2].name: two tenants are named Two");
    expect(message).toContain("/list.json: tenants[2].mspTenant: must be the name of another tenant of the list");
  });
});

describe("as a library: startEmulator takes the same options", () => {
  let emu: RunningEmulator;
  afterEach(() => emu?.close());

  test("configured tenants log in with their credentials, speak their variant, hold their licences, and are an MSP's customers", async () => {
    const options = parse(
      "--config",
      "/good.json",
      "--port",
      "0",
      "--no-rate-limit",
      "--async-delay-ms",
      "0",
      "--wifi-licenses",
      "2",
    );
    emu = await startEmulator({ ...options, faults: [] });
    const [msp, customer] = emu.tenants;
    expect(customer).toEqual(
      expect.objectContaining({
        tenantId: "c".repeat(32),
        tenantName: "Customer",
        username: "admin@customer.example",
        password: "c-pw",
      }),
    );
    expect(await adminApi(emu, "GET", `/tenants/${customer.tenantId}/settings`)).toEqual({
      wifiApiVariant: "older",
      wifiLicenses: 1,
    });
    expect(await adminApi(emu, "GET", `/tenants/${emu.demo.tenantId}/settings`)).toEqual({
      wifiApiVariant: "newer",
      wifiLicenses: 2,
    });
    const client = await Client.login(emu, "admin@customer.example", "c-pw");
    const venue = await client.ok("createVenue", {}, venueBody("Licensed"));
    await client.ok("createAps", {}, [apBody(venue.id, 1)]);
    expect((await client.call("createAps", {}, [apBody(venue.id, 2)])).body.errors[0].code).toBe("ENT-10003");
    const readOnly = await Client.login(emu, customer.readOnlyUsername, customer.readOnlyPassword);
    expect((await readOnly.call("createVenue", {}, venueBody("Refused"))).status).toBe(403);
    expect((await client.call("getTenant")).body.mspEc.parentMspId).toBe(msp.tenantId);
  });

  test("faults of the options are armed at start", async () => {
    emu = await startEmulator({ port: 0, faults: [{ kind: "http-5xx", status: 503, op: "listVenues", count: 1 }] });
    const client = await Client.login(emu);
    expect((await client.call("listVenues")).status).toBe(503);
    expect((await client.call("listVenues")).status).toBe(200);
  });

  test("bad options are an EmulatorOptionsError naming the field; a login the demo tenant holds is refused", async () => {
    await expect(startEmulator({ port: -1 })).rejects.toThrow(
      "invalid emulator options: port: Number must be greater than or equal to 0",
    );
    await expect(
      startEmulator({ tenants: [{ name: "Clash", username: "admin@demo.example", password: "x" }] }),
    ).rejects.toThrow(EmulatorOptionsError);
    await expect(
      startEmulator({ tenants: [{ name: "Clash", username: "admin@demo.example", password: "x" }] }),
    ).rejects.toThrow("tenants[0].username: admin@demo.example is the demo tenant's login");
  });
});

test("the command line refuses bad options with the message on stderr and exit code 2, without a stack trace", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nms-options-"));
  try {
    const config = path.join(dir, "config.json");
    fs.writeFileSync(
      config,
      JSON.stringify({
        tenants: [{ name: "Acme", username: "a@acme.example", password: "pw", wifiApiVariant: "old" }],
      }),
    );
    const exited = await runEmulator(["--config", config, "--port", "1"]);
    expect(exited).toEqual({
      code: 2,
      stdout: "",
      stderr: `emulator: invalid emulator options: ${config}: tenants[0].wifiApiVariant: Invalid enum value. Expected 'older' | 'newer', received 'old'\n`,
    });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
