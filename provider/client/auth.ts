// The API key of one client: obtained lazily by the first call, shared by every call, renewed
// once when the service answers 401. Concurrent callers share one login in flight, so a burst
// of calls (Pulumi runs resource operations in parallel) logs in once, not once per call.

import { hideProperty } from "./secrets";

export class TokenSession {
  /** Hidden property (see hideProperty), so that printing a client does not print its key. */
  declare private token: string | undefined;
  private loginInFlight?: Promise<string>;

  /** @param login performs login and resolves with the new API key. */
  constructor(private readonly login: () => Promise<string>) {
    hideProperty(this, "token", undefined);
  }

  /** The cached key, or the result of a login (joined if one is already running). */
  current(): Promise<string> {
    if (this.token !== undefined) return Promise.resolve(this.token);
    return this.startOrJoinLogin();
  }

  /**
   * A new key after `staleToken` was refused. If another call has already replaced that key,
   * its replacement is returned without a further login.
   */
  renew(staleToken: string): Promise<string> {
    if (this.token !== undefined && this.token !== staleToken) return Promise.resolve(this.token);
    this.token = undefined;
    return this.startOrJoinLogin();
  }

  /** Forget the key (close). */
  clear(): void {
    this.token = undefined;
  }

  private startOrJoinLogin(): Promise<string> {
    if (!this.loginInFlight) {
      const inFlight = this.login().then((token) => {
        this.token = token;
        return token;
      });
      this.loginInFlight = inFlight;
      // Clear the slot whatever the outcome, so a failed login is attempted afresh next time.
      inFlight.then(
        () => this.releaseSlot(inFlight),
        () => this.releaseSlot(inFlight),
      );
    }
    return this.loginInFlight;
  }

  private releaseSlot(inFlight: Promise<string>): void {
    if (this.loginInFlight === inFlight) this.loginInFlight = undefined;
  }
}
