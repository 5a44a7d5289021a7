// The sockets of the HTTP front: how long a client may take to send a request, and how many
// connections one client address may hold open (a slow or endless client cannot hold them all).
import type { Socket } from "node:net";

/** How long a client may take to send a request, and how many connections one address may hold open. */
export interface ConnectionLimits {
  /** Time to send the request's headers. */
  headersTimeoutMs: number;
  /** Time to send the whole request, body included (a 16 MiB upload takes well under a second on loopback). */
  requestTimeoutMs: number;
  /** Time an idle kept-alive connection stays open. */
  keepAliveTimeoutMs: number;
  /** How often the timeouts above are checked. */
  checkIntervalMs: number;
  /** Open connections one client address may hold; past it a new one is closed at once. */
  maxConnectionsPerAddress: number;
}

/** emulator/README.md "A development tool": the provider's client keeps 16 connections per process, a bench 32 to 128. */
export const CONNECTION_LIMITS: Readonly<ConnectionLimits> = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  checkIntervalMs: 1_000,
  maxConnectionsPerAddress: 256,
};

/** Open connections per client address. */
export class ConnectionCounter {
  private readonly connections = new Map<string, number>();

  /** Counts the connection against its address; one past the cap is closed at once, before it sends anything. */
  admit(socket: Socket, cap: number): void {
    const address = socket.remoteAddress ?? "unknown";
    const open = this.connections.get(address) ?? 0;
    if (open >= cap) {
      socket.destroy();
      return;
    }
    this.connections.set(address, open + 1);
    socket.once("close", () => {
      const left = (this.connections.get(address) ?? 1) - 1;
      if (left > 0) this.connections.set(address, left);
      else this.connections.delete(address);
    });
  }

  /** Open connections of one client address (tests). */
  open(address: string): number {
    return this.connections.get(address) ?? 0;
  }
}
