// Reading a Pulumi asset given as a resource input (provider/assets.ts), in both forms a provider
// host may receive it: the engine's wire form (a plain object under the signature key) and an SDK
// Asset instance whose fields are Promises.
import * as fs from "node:fs";
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import * as os from "node:os";
import * as path from "node:path";
import { pathToFileURL } from "node:url";
import * as pulumi from "@pulumi/pulumi";
import { extensionOf, readAsset } from "../../provider/assets";

const SIG = "4dabf18193072939515e22adb298388d";
const wire = (fields: Record<string, string>) => ({ [SIG]: "c44067f5952c0a294b673a41bacd8c17", ...fields });

let dir: string;
let file: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "nms-assets-"));
  file = path.join(dir, "plan.png");
  fs.writeFileSync(file, Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("readAsset", () => {
  it("reads a FileAsset, a StringAsset and a file: RemoteAsset in the wire form", async () => {
    expect(await readAsset(wire({ path: file, hash: "ignored" }))).toEqual({
      bytes: fs.readFileSync(file),
      source: file,
    });
    expect((await readAsset(wire({ text: "<svg/>" }))).bytes.toString()).toBe("<svg/>");
    const uri = pathToFileURL(file).href;
    expect(await readAsset(wire({ uri }))).toEqual({ bytes: fs.readFileSync(file), source: uri });
  });

  it("reads SDK Asset instances, whose fields are Promises", async () => {
    expect((await readAsset(new pulumi.asset.FileAsset(file))).bytes).toEqual(fs.readFileSync(file));
    expect((await readAsset(new pulumi.asset.StringAsset("plain"))).bytes.toString()).toBe("plain");
  });

  it("fetches an http RemoteAsset with a plain GET, and reports a refusal with its status", async () => {
    const seen: http.IncomingHttpHeaders[] = [];
    const server = http.createServer((req, res) => {
      seen.push(req.headers);
      if (req.url === "/plan.gif") res.end("GIF89a");
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect((await readAsset(wire({ uri: `${base}/plan.gif` }))).bytes.toString()).toBe("GIF89a");
      await expect(readAsset(wire({ uri: `${base}/missing.gif` }))).rejects.toThrow("HTTP 404");
      expect(seen.every((headers) => headers.cookie === undefined && headers["x-rks-tenantid"] === undefined)).toBe(
        true,
      );
    } finally {
      server.close();
    }
  });

  it("refuses what is not an asset, an archive, an empty asset and a scheme it cannot read, saying which", async () => {
    await expect(readAsset("plan.png")).rejects.toThrow("must be a Pulumi asset");
    await expect(readAsset({ path: file })).rejects.toThrow("must be a Pulumi asset");
    await expect(readAsset({ [SIG]: "0def7320c3a5731c473e5ecbe6d01bc7", path: dir })).rejects.toThrow("not an archive");
    await expect(readAsset(new pulumi.asset.FileArchive(dir))).rejects.toThrow("not an archive");
    await expect(readAsset(wire({}))).rejects.toThrow("neither a path, a text nor a URI");
    await expect(readAsset(wire({ uri: "s3://bucket/plan.png" }))).rejects.toThrow(
      "URI scheme the provider cannot read (s3:)",
    );
    await expect(readAsset(wire({ path: path.join(dir, "none.png") }))).rejects.toMatchObject({ code: "ENOENT" });
  });
});

describe("extensionOf", () => {
  it("takes the extension of a path or of a URI's path, lower case", () => {
    expect(extensionOf("/plans/Ground.PNG")).toBe("png");
    expect(extensionOf("https://example.com/plans/first.jpeg?version=2")).toBe("jpeg");
    expect(extensionOf("C:\\plans\\second.gif")).toBe("gif");
    expect(extensionOf("/plans/noextension")).toBe("");
    expect(extensionOf(undefined)).toBe("");
  });
});
