// The batcher's entries that can also be written on their own (bulk deletes with a single
// delete): shared calls of up to the batch size, a lone entry on its own, and a call refused as a
// whole written again entry by entry so that only the failing entry fails. No service: `send` and
// `alone` are recorded fakes.
import type { RequestRecord } from "../../../contract/requestRecord";
import { WriteBatcher, type BatchedResult, type SendArray } from "../../../provider/client/batcher";
import { isNotFound, NmsApiError, NmsNetworkError, NmsRequestFailedError } from "../../../provider/client/errors";

const record = (status: "SUCCESS" | "FAIL"): RequestRecord =>
  ({
    requestId: "r",
    status,
    admin: "a",
    count: 1,
    entityId: "",
    method: "DELETE",
    serviceName: "tenant",
    tenantId: "t",
    timestamp: "",
  }) as RequestRecord;

const refusal = (status: number, errors: { code: string; object?: string }[]) =>
  new NmsApiError(`deleteVenues failed with HTTP ${status}`, {
    operation: "deleteVenues",
    status,
    errors: errors.map((e) => ({ message: e.code, ...e })),
  });

/** A fake bulk call: answers by `outcome` for each call in turn (success when there is none left), recording the arrays it got. */
function fakeSend(...outcomes: unknown[]): SendArray & { calls: unknown[][] } {
  const calls: unknown[][] = [];
  const send = Object.assign(
    async (items: unknown[]) => {
      calls.push(items);
      const outcome = outcomes.shift();
      if (outcome) throw outcome;
      return { record: record("SUCCESS") };
    },
    { calls },
  );
  return send;
}

/** The entries' own writes: `failing` ones reject with their own error. */
function aloneWrites(failing: Record<string, Error> = {}) {
  const sent: string[] = [];
  const of = (id: string) => async (): Promise<BatchedResult<unknown>> => {
    sent.push(id);
    if (failing[id]) throw failing[id];
    return { record: record("SUCCESS") };
  };
  return { sent, of };
}

const batcher = () => new WriteBatcher({ windowMs: 5, maxSize: 50 });
const ids = (n: number, prefix = "id") => Array.from({ length: n }, (_, i) => `${prefix}-${i}`);

test("120 entries submitted together go in calls of 50, 50 and 20; none goes alone", async () => {
  const b = batcher();
  const send = fakeSend();
  const alone = aloneWrites();
  await Promise.all(
    ids(120).map((id) => b.submit("deleteVenues /t", "deleteVenues", send, id, { alone: alone.of(id) })),
  );
  expect(send.calls.map((c) => c.length)).toEqual([50, 50, 20]);
  expect(send.calls.flat()).toEqual(ids(120));
  expect(alone.sent).toEqual([]);
});

test("a lone entry goes on its own; without an own write it goes as a one-entry array", async () => {
  const b = batcher();
  const send = fakeSend();
  const alone = aloneWrites();
  await b.submit("deleteVenues /t", "deleteVenues", send, "lone", { alone: alone.of("lone") });
  expect(alone.sent).toEqual(["lone"]);
  expect(send.calls).toEqual([]);
  await b.submit("deleteDpskPassphrases /t", "deleteDpskPassphrases", send, "only");
  expect(send.calls).toEqual([["only"]]);
});

test("entries of different keys (another path: another parent) never share a call", async () => {
  const b = batcher();
  const send = fakeSend();
  await Promise.all([
    ...ids(3, "p1").map((id) =>
      b.submit("deleteVlans /profile/p1/vlans", "deleteVlans", send, id, { alone: aloneWrites().of(id) }),
    ),
    ...ids(2, "p2").map((id) =>
      b.submit("deleteVlans /profile/p2/vlans", "deleteVlans", send, id, { alone: aloneWrites().of(id) }),
    ),
  ]);
  expect(send.calls).toEqual([ids(3, "p1"), ids(2, "p2")]);
});

test("entries the answer names fail alone with their own code's status (404 stays 'not found', 409 does not); the rest are sent again together", async () => {
  const b = batcher();
  const send = fakeSend(
    refusal(404, [
      { code: "NMS-NOT-FOUND", object: "[1].venueId" },
      { code: "NMS-IN-USE", object: "[3].venueId" },
    ]),
  );
  const alone = aloneWrites();
  const settled = await Promise.allSettled(
    ids(5).map((id) => b.submit("deleteVenues /t", "deleteVenues", send, id, { alone: alone.of(id) })),
  );
  expect(settled.map((s) => s.status)).toEqual(["fulfilled", "rejected", "fulfilled", "rejected", "fulfilled"]);
  const [gone, inUse] = [1, 3].map((i) => (settled[i] as PromiseRejectedResult).reason as NmsApiError);
  expect(isNotFound(gone)).toBe(true);
  expect(inUse).toMatchObject({ status: 409, code: "NMS-IN-USE" });
  expect(inUse.errors).toEqual([expect.objectContaining({ object: "venueId" })]);
  expect(isNotFound(inUse)).toBe(false);
  expect(send.calls).toEqual([ids(5), ["id-0", "id-2", "id-4"]]);
  expect(alone.sent).toEqual([]);
});

test.each([
  ["refused without naming an entry", refusal(422, [{ code: "NMS-VALIDATION", object: "body" }])],
  [
    "whose request FAILed",
    new NmsRequestFailedError("deleteVenues FAILed", {
      operation: "deleteVenues",
      requestId: "r",
      record: record("FAIL"),
    }),
  ],
])("a call %s: every entry is written on its own, and only the failing one fails", async (_, wholeCallError) => {
  const b = batcher();
  const send = fakeSend(wholeCallError);
  const own = new NmsRequestFailedError("deleteVenue FAILed", {
    operation: "deleteVenue",
    requestId: "r2",
    record: record("FAIL"),
  });
  const alone = aloneWrites({ "id-2": own });
  const settled = await Promise.allSettled(
    ids(4).map((id) => b.submit("deleteVenues /t", "deleteVenues", send, id, { alone: alone.of(id) })),
  );
  expect(settled.map((s) => s.status)).toEqual(["fulfilled", "fulfilled", "rejected", "fulfilled"]);
  expect((settled[2] as PromiseRejectedResult).reason).toBe(own);
  expect(send.calls).toHaveLength(1);
  expect(alone.sent.sort()).toEqual(ids(4));
});

test.each([
  [
    "a network failure",
    new NmsNetworkError("deleteVenues: connection reset", { operation: "deleteVenues", attempts: 3 }),
  ],
  ["a refusal about the caller (403)", refusal(403, [{ code: "NMS-FORBIDDEN-ROLE" }])],
  ["a 429 after every retry", refusal(429, [{ code: "NMS-RATE-LIMITED" }])],
])("%s fails every entry of the call, with no write on its own", async (_, error) => {
  const b = batcher();
  const send = fakeSend(error);
  const alone = aloneWrites();
  const settled = await Promise.allSettled(
    ids(3).map((id) => b.submit("deleteVenues /t", "deleteVenues", send, id, { alone: alone.of(id) })),
  );
  expect(settled.every((s) => s.status === "rejected" && s.reason === error)).toBe(true);
  expect(alone.sent).toEqual([]);
});
