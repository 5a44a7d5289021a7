// How long nms-drift takes to report on a deployed estate: the command as a function (drift/cli.ts runDrift) on the
// stack's state, against the service at `baseUrl`, with the client at `maxRequestsPerSecond` (the bench keeps it just
// under the emulator's rate limit). A figure, never a pass/fail; bench.ts or benchDrift.ts print it.
import { runDrift } from "../../drift/cli";

export interface DriftTarget {
  readonly baseUrl: string;
  /** The stack's configured tenant and login. */
  readonly tenantId: string;
  readonly username: string;
  readonly password: string;
  /** The harness's state file of the deployed stack, and its passphrase. */
  readonly statePath: string;
  readonly passphrase: string;
  readonly maxRequestsPerSecond: number;
}

export interface DriftFigures {
  readonly resources: number;
  readonly seconds: number;
  readonly requests: number;
  readonly changed: number;
  readonly gone: number;
  readonly unmanaged: number;
}

export async function measureDrift(target: DriftTarget): Promise<DriftFigures> {
  const started = process.hrtime.bigint();
  const { report } = await runDrift(
    { state: target.statePath, format: "json", ignore: undefined, config: {} },
    {
      NMS_BASE_URL: target.baseUrl,
      NMS_TENANT_ID: target.tenantId,
      NMS_USERNAME: target.username,
      NMS_PASSWORD: target.password,
      NMS_ALLOW_INSECURE_HTTP: "true",
      NMS_MAX_REQUESTS_PER_SECOND: String(target.maxRequestsPerSecond),
      NMS_HARNESS_PASSPHRASE: target.passphrase,
    },
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const sum = (pick: (t: (typeof report.tenants)[number]) => unknown[]) =>
    report.tenants.reduce((n, t) => n + pick(t).length, 0);
  return {
    resources: report.resources,
    seconds,
    requests: report.requests,
    changed: sum((t) => t.changed),
    gone: sum((t) => t.gone),
    unmanaged: sum((t) => t.unmanaged),
  };
}

/** One line for the bench's output. */
export function driftLine(f: DriftFigures, rate: number): string {
  return (
    `nms-drift: report on ${f.resources} resources in ${f.seconds.toFixed(1)} s, ${f.requests} requests ` +
    `(client ${rate} requests/s; ${f.changed} changed, ${f.gone} gone, ${f.unmanaged} unmanaged)`
  );
}
