/** What one command shares: its diagnostics, the provider host started on first use, and cleanup. */
import type { ResolvedOptions } from "./options";
import { ProgressTicker } from "./progress";
import { ProviderHost } from "./providerHost";

export class Session {
  readonly diagnostics: string[] = [];
  readonly programErrors: string[] = [];
  private hostPromise: Promise<ProviderHost> | undefined;
  engineAddress = "127.0.0.1:0";
  private closed = false;
  private ticker: ProgressTicker | undefined;
  /** VmHWM of the provider host, read when it is stopped. */
  providerPeakRssMb: number | undefined;

  constructor(readonly o: ResolvedOptions) {}

  /** A debug-level line: `log` only. */
  log(line: string): void {
    try {
      this.o.log(line);
    } catch {
      /* a failing logger must not break the run */
    }
  }

  /** A line the CLI shows at its default level: `log` and `display`. */
  private show(line: string): void {
    this.log(line);
    try {
      this.o.display(line);
    } catch {
      /* as for log */
    }
  }

  /** A diagnostic: kept in the result and shown as it comes. */
  diag(line: string): void {
    this.diagnostics.push(line);
    this.show(line);
  }

  provider = (): Promise<ProviderHost> => {
    if (this.closed) return Promise.reject(new Error("the run is over; the provider host is stopped"));
    if (!this.hostPromise) {
      this.hostPromise = (async () => {
        const host = await ProviderHost.start({
          sdkDir: this.o.sdkDir,
          cwd: this.o.pwd,
          // What the engine gives a dynamic-provider plugin (provider_plugin.go NewProvider): the project, never the stack or organization.
          env: { ...this.o.env, PULUMI_NODEJS_PROJECT: this.o.projectName, PULUMI_PROJECT: this.o.projectName },
          engineAddress: this.engineAddress,
          nodeArgs: this.o.providerNodeArgs,
          log: (line) => this.diag(line),
        });
        try {
          await host.configure(this.o.config);
        } catch (e) {
          await host.close();
          throw new Error(`provider Configure failed: ${(e as Error).message}`);
        }
        this.log(`provider host started on port ${host.port}`);
        if (!this.closed) {
          this.ticker = new ProgressTicker(
            () => host.running(),
            (line) => this.show(line),
            this.o.progressIntervalMs,
          );
          this.ticker.start();
        }
        return host;
      })();
    }
    return this.hostPromise;
  };

  async close(): Promise<void> {
    this.closed = true;
    this.ticker?.stop();
    if (this.hostPromise) {
      try {
        const host = await this.hostPromise;
        await host.close();
        this.providerPeakRssMb = host.peakRssMb;
      } catch {
        /* it failed to start: nothing to stop (start() cleans up after itself) */
      }
    }
  }
}
