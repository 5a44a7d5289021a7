// The read-only page at /ui/, in a real headless browser: Debian's Chromium (/usr/bin/chromium)
// driven by playwright-core. Objects made through the API show in their tables, a new one appears
// without a reload, request records show their status, names written by users are shown as text
// (never run as markup), and the page never writes. A screenshot lands in test-artifacts/ui.png.
// Without Chromium the test is skipped on a developer's machine, and fails under CI=true (.ci/run
// installs Chromium, so a missing one there is a broken set-up, not a reason to skip).
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import type { RunningEmulator } from "../../../emulator";
import { admin, apBody, Client, deepNetworkBody, start, switchBody, venueBody } from "../../support/emulatorClient";

const CHROMIUM = process.env.NMS_CHROMIUM ?? "/usr/bin/chromium";
const SCREENSHOT = path.resolve(__dirname, "..", "..", "..", "test-artifacts", "ui.png");
/** The flags this project's machines need (no network beyond loopback, running as root in a sandbox). */
const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

const haveChromium = fs.existsSync(CHROMIUM);
const underCi = process.env.CI === "true" || process.env.CI === "1";
const describeInBrowser = haveChromium || underCi ? describe : describe.skip;
if (!haveChromium && !underCi)
  console.warn(`tests/emulator/admin/ui.test.ts skipped: no Chromium at ${CHROMIUM} (apt-get install -y chromium)`);

describeInBrowser("the emulator's page /ui/ in headless Chromium", () => {
  let emu: RunningEmulator;
  let client: Client;
  let profile: string;
  let context: BrowserContext;
  let page: Page;
  /** Requests of the page other than GET, and dialogs a script opened: both must stay empty. */
  const writes: string[] = [];

  beforeAll(async () => {
    if (!haveChromium)
      throw new Error(`CI=true and no Chromium at ${CHROMIUM}: .ci/run installs it with apt-get install -y chromium`);
    emu = await start();
    client = await Client.login(emu);
    profile = fs.mkdtempSync(path.join(os.tmpdir(), "nms-chromium-"));
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_FLAGS,
      viewport: { width: 1400, height: 1000 },
    });
    page = context.pages()[0] ?? (await context.newPage());
    page.on("dialog", (dialog) => {
      writes.push(`a script ran: ${dialog.type()} ${dialog.message()}`);
      void dialog.dismiss();
    });
    page.on("request", (request) => {
      if (request.method() !== "GET") writes.push(`${request.method()} ${request.url()}`);
    });
  }, 60_000);

  afterAll(async () => {
    await context?.close();
    if (profile) fs.rmSync(profile, { recursive: true, force: true });
    await emu?.close();
  });

  const rowOf = (table: string, key: string) => page.locator(`#${table} tr[data-key="${key}"]`);

  test("lists what the API made, shows a new object and request statuses live, and escapes names", async () => {
    // At most 32 characters, as the service's venue names.
    const hostile = "<img src=x onerror=alert(1)>&<b>";
    const venue = await client.ok("createVenue", {}, venueBody(hostile));
    const network = await client.ok("createNetworkDeep", {}, deepNetworkBody("Corp"));
    await client.ok("createAps", {}, [apBody(venue.id, 1, "AP one")]);
    await client.ok("createSwitch", {}, switchBody(venue.id, 1, "Core switch"));
    const activation = await client.ok("activateNetwork", {}, { networkId: network.id, venueId: venue.id });

    await page.goto(`${emu.url}/ui/?tenant=${emu.demo.tenantId}&interval=200`);
    await rowOf("venues", venue.id).waitFor();
    expect(await rowOf("venues", venue.id).locator("td").first().textContent()).toBe(hostile);
    expect(await page.locator("#venues img, #venues b").count()).toBe(0);
    expect(await page.title()).toBe("NMS emulator");
    expect(await rowOf("aps", "100000000001").textContent()).toContain("AP one");
    expect(await rowOf("switches", "FEK3224R0A1").textContent()).toContain("Core switch");
    expect(await rowOf("networks", network.id).textContent()).toContain("Corp");
    expect(await rowOf("activations", activation.id).locator("td").nth(1).textContent()).toBe(hostile);
    expect(await page.locator("#live").getAttribute("data-state")).toBe("live");

    // Without a reload: the page keeps a mark of this load while a new venue, a stuck write and a failed one appear.
    await page.evaluate(() => ((globalThis as unknown as { loadMark: string }).loadMark = "first load"));
    await admin(emu, "POST", "/faults", { kind: "stuck-pending", op: "createVenue", count: 1 });
    const stuck = (await client.call("createVenue", {}, venueBody("Never finishes"))).body.requestId;
    await admin(emu, "POST", "/faults", { kind: "fail-request", op: "createVenue", count: 1, code: "WIFI-10000" });
    const failed = (await client.call("createVenue", {}, venueBody("Fails"))).body.requestId;
    const added = await client.ok("createVenue", {}, venueBody("Added while the page is open"));

    await rowOf("venues", added.id).waitFor();
    await expect(rowOf("requests", stuck).locator("td.status").textContent()).resolves.toBe("PENDING");
    await rowOf("requests", failed).locator("td.status", { hasText: "FAIL" }).waitFor();
    expect(await rowOf("requests", failed).textContent()).toContain("WIFI-10000");
    expect(await rowOf("requests", failed).locator("td.status").getAttribute("class")).toBe("status status-fail");
    expect(await page.locator("#requests td.status", { hasText: "SUCCESS" }).count()).toBeGreaterThanOrEqual(6);
    expect(await page.evaluate(() => (globalThis as unknown as { loadMark?: string }).loadMark)).toBe("first load");

    fs.mkdirSync(path.dirname(SCREENSHOT), { recursive: true });
    await page.screenshot({ path: SCREENSHOT, fullPage: true });
    expect(fs.statSync(SCREENSHOT).size).toBeGreaterThan(10_000);
    expect(writes).toEqual([]);
  });

  test("another tenant is picked from the list; an unknown one is reported, not drawn", async () => {
    const other = (await admin(emu, "POST", "/tenants", { name: "Second tenant" })).body;
    const otherClient = await Client.login(emu, other.username, other.password);
    const venue = await otherClient.ok("createVenue", {}, venueBody("Only in the second tenant"));
    await page.goto(`${emu.url}/ui/?interval=200`);
    await page.locator(`#tenant option[value="${other.tenantId}"]`).waitFor({ state: "attached" });
    expect(await page.locator("#tenant").inputValue()).toBe(emu.demo.tenantId); // no ?tenant=: the demo tenant
    await page.selectOption("#tenant", other.tenantId);
    await rowOf("venues", venue.id).waitFor();
    expect(new URL(page.url()).searchParams.get("tenant")).toBe(other.tenantId);
    expect(await page.locator("#venues tbody tr").count()).toBe(1);

    await page.goto(`${emu.url}/ui/?tenant=${"0".repeat(32)}&interval=200`);
    await page.locator("#live[data-state=down]").waitFor();
    expect(await page.locator("#message").textContent()).toContain("tenant");
    expect(writes).toEqual([]);
  });

  test("the page's files refuse writes and forbid scripts of other origins", async () => {
    const post = await fetch(`${emu.url}/ui/`, { method: "POST" });
    expect(post.status).toBe(405);
    const index = await fetch(`${emu.url}/ui/`);
    expect(index.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect((await fetch(`${emu.url}/ui/missing.js`)).status).toBe(404);
    expect((await fetch(`${emu.url}/ui`, { redirect: "manual" })).headers.get("location")).toBe("/ui/");
  });
});
