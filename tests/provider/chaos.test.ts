// The chaos suite: the quickstart through the engine harness against the in-process emulator, with
// service requests of the tenant hit by one fault kind at a time (see chaos/helpers.ts for what each
// scenario checks: convergence of up and destroy within bounded tries, no changes afterwards, no
// duplicates, nothing left behind, failures that name their requestId and code, no secret in any
// log, error or state), and credentials refused over plain http. Here, within npm test's budget, the
// kinds the client cannot absorb (fail-request, stuck-pending) on requests chosen, not drawn, the one
// that tempts duplicates (lost-answer at 10%, on one stack spread over two end customers' tenants:
// every lost answer resolved from the record in its own tenant, and an update of every venue), and
// the lost answer of every create operation of a part of the kinds table (chaos/lostCreates.ts). The
// quickstart under 10% of every other kind (the client's retries absorb http-5xx, http-429, reset and
// slow, whose retry rules the client tests pin) and the MSP estate (25 sites, 100 resources) under
// every kind are in chaos.slow.test.ts, and crashes (SIGKILL) in the middle of an up are in
// crash.test.ts. The stacks run from dist/ (`npm test` builds first).
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { up } from "../../harness";
import {
  chaosSuite,
  checkNoSecrets,
  mspStack,
  QUICKSTART,
  RADIUS_SECRET,
  ROOT,
  writeConnectSpy,
} from "./chaos/helpers";
import { expectEveryCreateOnce, SHORT_FORM_CASES } from "./chaos/lostCreates";

const suite = chaosSuite();

// The kinds the client cannot absorb, each on requests chosen, not drawn: at 10% the tries of a run were left to the
// draws (a stuck request costs a run the provider's whole wait deadline: up to 4 tries of the up alone, 18 s), and a
// failed or stuck update or delete came only in some runs. The quickstart at 10% of both is in chaos.slow.test.ts.
describe("the quickstart with chosen requests hit by a fault kind: up, update, destroy", () => {
  test("fail-request on its first network create, update and delete", async () => {
    await suite.scenario(QUICKSTART, "fail-request", {
      probability: 0,
      sureHits: ["createNetworkDeep", "updateNetworkDeep", "deleteNetwork"],
    });
  }, 180_000);

  test("stuck-pending on its first network create and update", async () => {
    await suite.scenario(QUICKSTART, "stuck-pending", {
      probability: 0,
      sureHits: ["createNetworkDeep", "updateNetworkDeep"],
    });
  }, 180_000);
});

describe("one stack over two end customers' tenants (the MSP's login) under 10% of a fault kind: up, update, destroy", () => {
  test("lost-answer", async () => {
    await suite.scenario(mspStack(2, { tenants: 2, update: true }), "lost-answer");
  }, 180_000);
});

describe("every create's answer lost once (short form: the supporting resources and one case per shape of create)", () => {
  test("one object per create, a clean second preview, nothing left after destroy", async () => {
    await expectEveryCreateOnce(suite.emulator(), SHORT_FORM_CASES);
  }, 600_000);
});

describe("credentials over plain http", () => {
  test("up against a non-loopback http address fails with the refusal, before any connection to it", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nms-chaos-http-"));
    const connections = path.join(dir, "connections.log");
    const lines: string[] = [];
    try {
      const result = await up({
        projectDir: ROOT,
        program: QUICKSTART.program,
        projectName: "quickstart",
        stackName: "plain-http",
        statePath: path.join(dir, "state.json"),
        passphrase: "chaos passphrase",
        config: {
          "nms:baseUrl": "http://192.0.2.1:9",
          "nms:tenantId": suite.emulator().tenantId,
          "nms:username": suite.emulator().username,
        },
        secretConfig: { "nms:password": suite.emulator().password, "quickstart:radiusSecret": RADIUS_SECRET },
        env: { NODE_OPTIONS: `--require=${writeConnectSpy(dir)}`, CHAOS_CONNECT_LOG: connections },
        log: (line) => lines.push(line),
        timeoutMs: 60_000,
      });
      expect(result.failed).toBe(true);
      expect(result.errors.length).toBeGreaterThan(0);
      for (const error of result.errors) {
        expect(error).toContain(
          "refusing plain http to 192.0.2.1:9: the username, password and API key would travel unencrypted",
        );
        expect(error).toContain("allowInsecureHttp");
      }
      // Nothing made but the state's identity (provider/stateIdentity.ts), which no service holds.
      expect(
        result.steps.filter((s) => s.id !== undefined && s.id !== "" && !s.type.endsWith(":StateIdentity")),
      ).toEqual([]);
      // The spy saw the processes connect (to the harness's engine), never to the address refused.
      const seen = fs.readFileSync(connections, "utf8").trim().split("\n");
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.filter((line) => line.includes("192.0.2.1"))).toEqual([]);
      checkNoSecrets(suite.emulator(), [...lines, ...result.errors, ...result.diagnostics], { requireTokens: false });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
