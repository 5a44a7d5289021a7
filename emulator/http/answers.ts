// The answers of the HTTP front: each request's answer written in the service's error body or as
// JSON (a long list encoded in slices, written as it is made), a page's or file's bytes as they
// are, a connection reset, an answer a slow fault holds back; and every request logged and counted.
// Whatever a step throws after the request was read is answered here (500 NMS-INTERNAL), never
// passed to the process.
import type { IncomingMessage, ServerResponse } from "node:http";
import { WIRE_HEADERS, type OperationName } from "../../contract";
import { ApiError, rateLimited } from "../model/errors";
import type { IdSource } from "../model/ids";
import type { AnswerFault } from "../settings/faults";
import type { RequestLog, RequestStats } from "./log";
import { type Answer, encode, encodeYielding, holdsLongArray, reportUnexpected } from "./wire";
import { JSON_TYPE } from "./callerChecks";

/** How long a connection whose body was refused for its size stays open after the answer. */
const CLOSE_GRACE_MS = 500;
/** Log and stats status of a request that got no answer (reset, lost-answer). */
export const NO_ANSWER = 0;

export class AnswerWriter {
  /** Answers a slow fault is holding back. */
  private readonly heldAnswers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly ids: IdSource,
    private readonly log: RequestLog,
    private readonly stats: RequestStats,
    /** Told after every request that may have changed state (any method but GET and HEAD). */
    private readonly changed: () => void,
  ) {}

  /** Drops the answers a slow fault still holds (the server closes). */
  cancelHeld(): void {
    for (const timer of this.heldAnswers) clearTimeout(timer);
    this.heldAnswers.clear();
  }

  /** Runs `work`; an exception it throws is answered (500 in the error body) if nothing was sent yet, else the connection is closed. */
  guarded(res: ServerResponse, method: string, path: string, work: () => void): void {
    try {
      work();
    } catch (error) {
      this.failSafe(res, method, path, error);
    }
  }

  failSafe(res: ServerResponse, method: string, path: string, error: unknown): void {
    try {
      if (!res.headersSent && !res.destroyed) {
        this.answer(res, method, path, "unknown", null, this.errorAnswer(error));
        return;
      }
      reportUnexpected(error);
    } catch (second) {
      reportUnexpected(second);
    }
    res.destroy();
  }

  answerWithFault(
    req: IncomingMessage,
    res: ServerResponse,
    method: string,
    path: string,
    op: OperationName,
    tenantId: string | null,
    fault: AnswerFault,
    run: () => Answer | Promise<Answer>,
  ): void {
    switch (fault.kind) {
      case "http-5xx": {
        const answer = this.errorAnswer(new ApiError(fault.code));
        this.answer(res, method, path, op, tenantId, { ...answer, status: fault.status }, fault.kind);
        return;
      }
      case "http-429":
        this.answer(
          res,
          method,
          path,
          op,
          tenantId,
          this.errorAnswer(rateLimited(fault.retryAfterSeconds)),
          fault.kind,
        );
        return;
      case "reset":
        this.drop(req, method, path, op, tenantId, fault.kind);
        return;
      case "slow": {
        // The request runs now; only its answer is late, as behind a slow network or proxy.
        this.whenReady(res, method, path, run(), (answer) => {
          const timer = setTimeout(() => {
            this.heldAnswers.delete(timer);
            this.guarded(res, method, path, () => this.answer(res, method, path, op, tenantId, answer, fault.kind));
          }, fault.delayMs);
          timer.unref();
          this.heldAnswers.add(timer);
        });
        return;
      }
      case "lost-answer":
        run();
        this.drop(req, method, path, op, tenantId, fault.kind);
        return;
    }
  }

  /** The answer of `run`, or of what it throws (or, for an answer that comes later, rejects with). */
  attempt<A extends Answer | Promise<Answer>>(run: () => A): A | Answer {
    try {
      const answer = run();
      return answer instanceof Promise ? (answer.catch((error: unknown) => this.errorAnswer(error)) as A) : answer;
    } catch (error) {
      return this.errorAnswer(error);
    }
  }

  /** Calls `then` with the answer: at once when it is there, else when it comes (guarded as the request is). */
  whenReady(
    res: ServerResponse,
    method: string,
    path: string,
    answer: Answer | Promise<Answer>,
    then: (answer: Answer) => void,
  ): void {
    if (!(answer instanceof Promise)) {
      then(answer);
      return;
    }
    answer
      .then((ready) => this.guarded(res, method, path, () => then(ready)))
      .catch((error: unknown) => this.failSafe(res, method, path, error));
  }

  errorAnswer(error: unknown): Answer {
    const apiError = error instanceof ApiError ? error : (reportUnexpected(error), new ApiError("NMS-INTERNAL"));
    return {
      status: apiError.status,
      body: { errors: apiError.entries, requestId: this.ids.uuid() },
      headers: apiError.headers,
    };
  }

  answer(
    res: ServerResponse,
    method: string,
    path: string,
    op: string,
    tenantId: string | null,
    answer: Answer,
    fault?: string,
  ): void {
    // A held (slow) answer may find its client gone.
    if (res.destroyed) {
      this.record(method, path, op, NO_ANSWER, tenantId, fault, res.req);
      return;
    }
    // An answer holding a long list (a guest import's guests) is encoded a slice at a time, giving other requests their turn.
    if (answer.body !== undefined && holdsLongArray(answer.body)) {
      encodeYielding(answer.body).then(
        (pieces) =>
          this.guarded(res, method, path, () => this.write(res, method, path, op, tenantId, answer, pieces, fault)),
        (error: unknown) => {
          reportUnexpected(error);
          const fallback = this.errorAnswer(new Error("the answer could not be encoded"));
          this.guarded(res, method, path, () => this.answer(res, method, path, op, tenantId, fallback, fault));
        },
      );
      return;
    }
    const text =
      answer.body === undefined
        ? ""
        : encode(answer, () => this.errorAnswer(new Error("the answer could not be encoded")));
    this.write(res, method, path, op, tenantId, answer, text, fault);
  }

  private write(
    res: ServerResponse,
    method: string,
    path: string,
    op: string,
    tenantId: string | null,
    answer: Answer,
    text: string | Buffer[],
    fault?: string,
  ): void {
    if (res.destroyed) {
      this.record(method, path, op, NO_ANSWER, tenantId, fault, res.req);
      return;
    }
    const length =
      typeof text === "string" ? Buffer.byteLength(text) : text.reduce((sum, piece) => sum + piece.length, 0);
    const headers: Record<string, string | number> = { "content-length": length, ...answer.headers };
    // A body refused for its size is not read to its end: the answer closes the connection, and a client that goes on
    // sending meets a closed socket a moment later (the moment lets it read the answer first).
    if (answer.headers?.connection === "close")
      res.once("finish", () => setTimeout(() => res.socket?.destroy(), CLOSE_GRACE_MS).unref());
    if (length > 0) headers["content-type"] = JSON_TYPE;
    res.writeHead(answer.status, headers);
    if (typeof text === "string") res.end(text);
    else {
      res.cork();
      for (const piece of text) res.write(piece);
      res.end();
    }
    this.record(method, path, op, answer.status, tenantId, fault, res.req);
  }

  /** Writes the bytes of a file of the page or the store (not JSON) as they are; a HEAD gets the headers only. */
  answerBytes(
    res: ServerResponse,
    method: string,
    path: string,
    op: string,
    status: number,
    headers: Record<string, string>,
    bytes?: Buffer,
  ): void {
    if (res.destroyed) {
      this.record(method, path, op, NO_ANSWER, null);
      return;
    }
    res.writeHead(status, { "content-length": bytes?.length ?? 0, ...headers });
    res.end(method === "HEAD" ? undefined : bytes);
    this.record(method, path, op, status, null);
  }

  /** Closes the connection with a TCP reset instead of answering: the client sees ECONNRESET. */
  drop(req: IncomingMessage, method: string, path: string, op: string, tenantId: string | null, fault: string): void {
    const socket = req.socket;
    if (!socket.destroyed) {
      try {
        socket.resetAndDestroy();
      } catch {
        socket.destroy(); // not a TCP socket: a plain close will do
      }
    }
    this.record(method, path, op, NO_ANSWER, tenantId, fault, req);
  }

  /** Logs and counts one request; `req` gives the tenant header it carried (what a test of delegated access looks at). */
  record(
    method: string,
    path: string,
    op: string,
    status: number,
    tenantId: string | null,
    fault?: string,
    req?: IncomingMessage,
  ): void {
    const header = req?.headers[WIRE_HEADERS.tenantId];
    this.log.add(method, path, op, status, tenantId, fault, typeof header === "string" ? header : undefined);
    this.stats.add(op, status);
    if (method !== "GET" && method !== "HEAD") this.changed();
  }
}
