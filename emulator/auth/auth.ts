// Login, tokens and lockout. Usernames are global, as on the service: a username belongs
// to one tenant, and its token only opens that tenant's paths. A token stands for its
// administrator as they are now: deleting the administrator ends it, a role change applies to it
// at its next request. Failed logins are remembered for at most FAILED_LOGINS_TRACKED usernames,
// each under a key of at most 64 characters, so that a flood of invented usernames costs a
// bounded amount of memory.
import { createHash } from "node:crypto";
import type { EmulatorConfig } from "../settings/config";
import { ApiError, badRequest } from "../model/errors";
import { newToken } from "../model/ids";
import type { AdminAccount, AdminRole } from "../model/accounts";

export interface Session {
  token: string;
  tenantId: string;
  /** The administrator's ID in its tenant. */
  adminId: string;
  username: string;
  role: AdminRole;
  expiresAt: number;
}

interface FailedLogins {
  count: number;
  lockedUntil: number;
}

export const AUTH_COOKIE = "API-KEY";

/**
 * Usernames whose failed logins are remembered; past it the one that failed longest ago is
 * forgotten (its count, or its lock, ends early). Every failed or locked attempt refreshes a
 * username, so one being attacked stays remembered while the attack goes on.
 */
export const FAILED_LOGINS_TRACKED = 10_000;

/** The key of a username in the maps a client can fill (failed logins, login rate limit): the name itself up to 64 characters, else a digest of it. */
export function loginKey(username: string): string {
  return username.length <= 64 ? username : `sha256:${createHash("sha256").update(username).digest("base64url")}`;
}

export class AuthService {
  private readonly sessions = new Map<string, Session>();
  private readonly failures = new Map<string, FailedLogins>();

  /** `accounts`: the logins of every tenant, shared with the model (emulator/model/directory.ts), where adding an administrator puts its login. */
  constructor(
    private readonly config: EmulatorConfig,
    private readonly accounts: Map<string, AdminAccount> = new Map(),
  ) {}

  addAccount(account: AdminAccount): void {
    if (this.accounts.has(account.username)) throw new Error(`username ${account.username} already exists`);
    this.accounts.set(account.username, account);
  }

  /** login. Failed attempts count per username, known or not, so that locking reveals nothing. */
  login({ username, password }: Credentials): Session {
    const now = Date.now();
    const key = loginKey(username);
    const failed = this.failures.get(key);
    if (failed && failed.lockedUntil > now) {
      this.rememberFailure(key, failed);
      throw new ApiError("NMS-LOCKED", { object: "username", value: username });
    }

    const account = this.accounts.get(username);
    if (!account || account.password === undefined || account.password !== password) {
      const count = (failed && failed.lockedUntil === 0 ? failed.count : 0) + 1;
      const threshold = this.config.lockoutThreshold;
      const locks = threshold > 0 && count >= threshold;
      this.rememberFailure(key, { count, lockedUntil: locks ? now + this.config.lockoutDurationMs : 0 });
      if (locks) throw new ApiError("NMS-LOCKED", { object: "username", value: username });
      throw new ApiError("NMS-BAD-CREDENTIALS");
    }

    this.failures.delete(key);
    const session: Session = {
      token: newToken(),
      tenantId: account.tenantId,
      adminId: account.id,
      username,
      role: account.role,
      expiresAt: now + this.config.tokenTtlMs,
    };
    this.sessions.set(session.token, session);
    return session;
  }

  /**
   * The session of the request's API-KEY cookie, with its administrator's role as it is now; 401
   * when the token is missing, unknown or expired, or its administrator was deleted.
   */
  authenticate(cookieHeader: string | undefined): Session {
    const token = cookieHeader === undefined ? undefined : cookieValue(cookieHeader, AUTH_COOKIE);
    if (token === undefined) throw new ApiError("NMS-NOT-AUTHENTICATED", { message: "API-KEY cookie missing" });
    const session = this.sessions.get(token);
    if (!session) throw new ApiError("NMS-NOT-AUTHENTICATED", { message: "unknown or expired token" });
    if (session.expiresAt <= Date.now()) {
      this.sessions.delete(token);
      throw new ApiError("NMS-NOT-AUTHENTICATED", { message: "unknown or expired token" });
    }
    // The login the token was given for, unless it was deleted (or its username now belongs to another administrator).
    const account = this.accounts.get(session.username);
    if (!account || account.id !== session.adminId || account.tenantId !== session.tenantId) {
      this.sessions.delete(token);
      throw new ApiError("NMS-NOT-AUTHENTICATED", { message: "unknown or expired token" });
    }
    session.role = account.role;
    return session;
  }

  /** Usernames whose failed logins are remembered now (at most FAILED_LOGINS_TRACKED). */
  trackedFailedLogins(): number {
    return this.failures.size;
  }

  /** The longest key under which a failed login is remembered. */
  longestFailedLoginKey(): number {
    let longest = 0;
    for (const key of this.failures.keys()) longest = Math.max(longest, key.length);
    return longest;
  }

  /** Remembers as the most recent failure (a Map keeps insertion order), forgetting the oldest past the bound. */
  private rememberFailure(key: string, failed: FailedLogins): void {
    this.failures.delete(key);
    this.failures.set(key, failed);
    if (this.failures.size > FAILED_LOGINS_TRACKED) this.failures.delete(this.failures.keys().next().value as string);
  }

  /** Tokens still valid, for a state file: a client logged in before a restart stays logged in. */
  liveSessions(): Session[] {
    const now = Date.now();
    return [...this.sessions.values()].filter((session) => session.expiresAt > now);
  }

  restoreSession(session: Session): void {
    this.sessions.set(session.token, session);
  }

  expireAllTokens(): void {
    this.sessions.clear();
  }

  clear(): void {
    this.accounts.clear();
    this.sessions.clear();
    this.failures.clear();
  }
}

export interface Credentials {
  username: string;
  password: string;
}

/** login's body; 400 unless both fields are non-empty strings. */
export function credentialsOf(body: unknown): Credentials {
  if (body === null || typeof body !== "object" || Array.isArray(body))
    throw badRequest("body must be a JSON object", "body");
  const { username, password } = body as Record<string, unknown>;
  if (typeof username !== "string" || username === "") throw badRequest("username is required", "username");
  if (typeof password !== "string" || password === "") throw badRequest("password is required", "password");
  return { username, password };
}

function cookieValue(header: string, name: string): string | undefined {
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}
