// Throughput of simple authenticated reads. Excluded from the default run (.slow.test.ts); run
// with: npx jest --testPathIgnorePatterns=/node_modules/ --testPathPattern 'throughput\.slow'
// The client shares the process and the two cores with the server, so the server alone is faster.
import { Pool } from "undici";
import { Client, start, venueBody } from "../support/emulatorClient";

const TARGET_PER_SECOND = 5000;
const SECONDS = 3;

test(`serves at least ${TARGET_PER_SECOND} simple requests per second`, async () => {
  const emu = await start();
  const pool = new Pool(emu.url, { connections: 32 });
  try {
    const client = await Client.login(emu);
    await client.ok("createVenue", {}, venueBody());
    const path = `/api/tenant/${client.tenantId}/venue`;
    const headers = { cookie: client.cookie! };
    let served = 0;
    const end = Date.now() + SECONDS * 1000;
    const worker = async () => {
      while (Date.now() < end) {
        const reply = await pool.request({ method: "GET", path, headers });
        await reply.body.text();
        if (reply.statusCode !== 200) throw new Error(`status ${reply.statusCode}`);
        served++;
      }
    };
    await Promise.all(Array.from({ length: 64 }, worker));
    const perSecond = served / SECONDS;
    process.stdout.write(`emulator throughput: ${Math.round(perSecond)} requests/s\n`);
    expect(perSecond).toBeGreaterThanOrEqual(TARGET_PER_SECOND);
  } finally {
    await pool.close();
    await emu.close();
  }
});
