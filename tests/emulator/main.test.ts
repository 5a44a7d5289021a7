// `npm run emulator -- --port <n>` runs dist/emulator/main.js: one JSON line, then it serves.
import { spawn } from "node:child_process";
import * as path from "node:path";
import * as readline from "node:readline";

const MAIN = path.resolve(__dirname, "..", "..", "dist", "emulator", "main.js");

it("prints one JSON line with the demo tenant's credentials, serves logins, and stops on SIGTERM", async () => {
  const child = spawn(process.execPath, [MAIN, "--port", "0", "--async-delay-ms", "0"], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  try {
    const line = await new Promise<string>((resolve, reject) => {
      readline.createInterface({ input: child.stdout! }).once("line", resolve);
      child.once("exit", (code) => reject(new Error(`emulator exited with ${code}`)));
    });
    const started = JSON.parse(line);
    expect(started).toEqual(
      expect.objectContaining({
        url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
        tenantId: expect.stringMatching(/^[0-9a-f]{32}$/),
        username: expect.any(String),
        password: expect.any(String),
      }),
    );
    const login = await fetch(`${started.url}/token`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: started.username, password: started.password }),
    });
    expect(login.status).toBe(200);
    expect(login.headers.get("set-cookie")).toMatch(/^API-KEY=/);
  } finally {
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
  }
});
