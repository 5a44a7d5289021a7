// How often the coalescing waiter ticks (provider/client/pollPacing.ts): with the client's budget to spare it ticks
// sooner than its first pause, so that a step at Pulumi's default parallelism is not held long past its request's end;
// while the budget is the bottleneck, or with a fixed interval asked for, it does not.
import { PollPacing } from "../../../provider/client/pollPacing";

function learned(pacing: PollPacing, callsPerTick: number): PollPacing {
  pacing.noteFinished(400);
  pacing.learn(0, 2, callsPerTick);
  pacing.learn(100, 2, callsPerTick);
  return pacing;
}

describe("poll pacing", () => {
  it("with budget to spare, ticks as often as half the budget allows: 95 requests/s, 2 calls a tick, ~42 ms", () => {
    const pacing = learned(
      new PollPacing({ pollInitialMs: 200, pollMaxMs: 5_000, contended: () => false, requestsPerSecond: () => 95 }),
      2,
    );
    expect(pacing.baseIntervalMs(8)).toBeCloseTo(2000 / (0.5 * 95), 0);
  });

  it("never ticks more often than before when the budget is small, nor while it is the bottleneck", () => {
    const small = learned(
      new PollPacing({ pollInitialMs: 200, pollMaxMs: 5_000, contended: () => false, requestsPerSecond: () => 20 }),
      2,
    );
    expect(small.baseIntervalMs()).toBe(200);
    const busy = learned(
      new PollPacing({ pollInitialMs: 200, pollMaxMs: 5_000, contended: () => true, requestsPerSecond: () => 95 }),
      2,
    );
    expect(busy.baseIntervalMs()).toBeGreaterThanOrEqual(200);
    const many = learned(
      new PollPacing({ pollInitialMs: 200, pollMaxMs: 5_000, contended: () => false, requestsPerSecond: () => 95 }),
      2,
    );
    expect(many.baseIntervalMs(17)).toBe(200); // more than 16 waiting: the rate limit paces the run
  });

  it("keeps a fixed interval asked for (nms:pollIntervalMs sets the first and the longest pause alike)", () => {
    const fixed = learned(
      new PollPacing({ pollInitialMs: 1_000, pollMaxMs: 1_000, contended: () => false, requestsPerSecond: () => 95 }),
      2,
    );
    expect(fixed.baseIntervalMs()).toBe(1_000);
  });

  it("holds a request's first poll until three quarters of the least time any request took (the first pause before)", () => {
    const pacing = new PollPacing({ pollInitialMs: 200, pollMaxMs: 5_000 });
    expect(pacing.dueAt(1_000)).toBe(1_150);
    pacing.noteFinished(480);
    pacing.noteFinished(400);
    pacing.noteFinished(520);
    expect(pacing.dueAt(1_000)).toBe(1_300);
  });

  it("while few wait, does not back off for requests of a usual age (steps started in one burst), only for slow ones", () => {
    const pacing = learned(
      new PollPacing({ pollInitialMs: 200, pollMaxMs: 5_000, contended: () => false, requestsPerSecond: () => 95 }),
      1,
    );
    const now = Date.now();
    const burst = Array.from({ length: 8 }, () => ({ registeredAt: now - 350 }));
    // Eight steps sent together, 350 ms ago: their requests end from now on; ticks stay ~21 ms apart, not 350 ÷ 4.
    expect(pacing.intervalMs(burst)).toBeLessThan(30);
    expect(pacing.tenantGapMs(350, 8)).toBe(0);
    // More waiting (the rate limit paces the run), or all of them slow: a quarter of the youngest one's age, as before.
    expect(pacing.tenantGapMs(350, 17)).toBeCloseTo(87.5, 5);
    expect(pacing.intervalMs(Array.from({ length: 8 }, () => ({ registeredAt: now - 2_000 })))).toBeGreaterThanOrEqual(
      500,
    );
  });
});
