// What `npm pack` would publish, and how package.json declares the package to its users: the
// compiled SDK, provider, contract, emulator, harness and import generator with their type declarations, their
// commands (`bin`), the emulator's page, the README with every document it links to (the
// reference pages, COVERAGE.md, the emulator's and the harness's READMEs) and the CHANGELOG;
// nothing of the tests, examples, scripts, source maps or stack state; and @pulumi/pulumi as a
// peer range that dedupes with the user's own copy (README "The Pulumi versions users run").
// Reads `dist/`, so `npm run build` comes first (as for every harness test).
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { COMBOS } from "../../scripts/compat";

const ROOT = path.resolve(__dirname, "..", "..");
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as Record<string, any>;

interface PackEntry {
  path: string;
  size: number;
}

let files: string[];

beforeAll(() => {
  if (!fs.existsSync(path.join(ROOT, "dist", "sdk", "index.js")))
    throw new Error("dist/ is missing: run `npm run build` first");
  // --ignore-scripts: prepack would build again; the build above is what gets packed.
  const json = execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
    cwd: ROOT,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  files = (JSON.parse(json) as { files: PackEntry[] }[])[0].files.map((f) => f.path);
});

/** The file an export target or main/types names, without "./". */
function packed(target: string): string {
  return target.replace(/^\.\//, "");
}

describe("the published files", () => {
  it("hold only dist/, the documents and the emulator's page at the top", () => {
    const top = new Set(files.map((f) => f.split("/")[0]));
    expect([...top].sort()).toEqual([
      "CHANGELOG.md",
      "COVERAGE.md",
      "README.md",
      "dist",
      "docs",
      "emulator",
      "harness",
      "package.json",
      "policy",
    ]);
    // Outside dist/, the emulator and harness folders hold their README and the page's static files only.
    expect(files.filter((f) => /^(emulator|harness)\//.test(f)).sort()).toEqual([
      "emulator/README.md",
      "emulator/ui/app.js",
      "emulator/ui/index.html",
      "emulator/ui/style.css",
      "harness/README.md",
    ]);
    // The policy pack: run as it is (`--policy-pack node_modules/pulumi-nms/policy`), its code compiled in dist/policy.
    expect(files.filter((f) => f.startsWith("policy/")).sort()).toEqual([
      "policy/PulumiPolicy.yaml",
      "policy/index.js",
      "policy/package.json",
    ]);
    expect(files).toContain("dist/policy/pack.js");
  });

  it("hold a policy pack whose version is the package's (the CLI shows it as pulumi-nms@v<version>)", () => {
    const read = (file: string) => JSON.parse(fs.readFileSync(path.join(ROOT, file), "utf8")) as { version: string };
    expect(read("policy/package.json").version).toBe(read("package.json").version);
  });

  it("hold the emulator's page where the built emulator looks for it (emulator/ui/ beside dist/)", () => {
    for (const name of fs.readdirSync(path.join(ROOT, "emulator", "ui")))
      expect(files).toContain(`emulator/ui/${name}`);
  });

  it("hold every reference page, and no source of their example programs", () => {
    const pages = fs
      .readdirSync(path.join(ROOT, "docs", "reference"), { recursive: true, encoding: "utf8" })
      .filter((f) => f.endsWith(".md"));
    expect(pages.length).toBeGreaterThan(100);
    for (const page of pages) expect(files).toContain(`docs/reference/${page.split(path.sep).join("/")}`);
    expect(files.filter((f) => f.startsWith("docs/") && !f.endsWith(".md"))).toEqual([]);
  });

  it("resolve every relative link of a packed document inside the package, but the README's and its guides' (docs/*.md) into the repository's examples/ and scripts/", () => {
    const broken: string[] = [];
    for (const doc of files.filter((f) => f.endsWith(".md"))) {
      const text = fs.readFileSync(path.join(ROOT, doc), "utf8");
      for (const [, target] of text.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)) {
        if (/^[a-z]+:/.test(target)) continue;
        const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(doc), target)).replace(/\/$/, "");
        if ((doc === "README.md" || /^docs\/[^/]+\.md$/.test(doc)) && /^(examples|scripts)\//.test(resolved)) continue;
        if (!files.some((f) => f === resolved || f.startsWith(`${resolved}/`))) broken.push(`${doc} → ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it("declare the commands nms-emulator, nms-harness, nms-import and nms-drift, each a packed script that node runs by its shebang", () => {
    expect(pkg.bin).toEqual({
      "nms-emulator": "dist/emulator/main.js",
      "nms-harness": "dist/harness/cli.js",
      "nms-import": "dist/importer/cli.js",
      "nms-drift": "dist/drift/cli.js",
    });
    for (const target of Object.values(pkg.bin as Record<string, string>)) {
      expect(files).toContain(packed(target));
      expect(fs.readFileSync(path.join(ROOT, target), "utf8").split("\n")[0]).toBe("#!/usr/bin/env node");
    }
  });

  it("hold the compiled SDK, provider runtime, contract, emulator, harness, import generator and drift report with their declarations", () => {
    for (const file of [
      "dist/sdk/index.js",
      "dist/sdk/index.d.ts",
      "dist/sdk/stub.js",
      "dist/provider/runtime.js",
      "dist/provider/runtime.d.ts",
      "dist/provider/programClient.js",
      "dist/contract/routes.js",
      "dist/emulator/main.js",
      "dist/harness/index.js",
      "dist/importer/cli.js",
      "dist/importer/index.d.ts",
      "dist/drift/cli.js",
    ]) {
      expect(files).toContain(file);
    }
    const dirs = new Set(files.filter((f) => f.startsWith("dist/")).map((f) => f.split("/")[1]));
    expect([...dirs].sort()).toEqual([
      "contract",
      "drift",
      "emulator",
      "harness",
      "importer",
      "policy",
      "provider",
      "sdk",
      "stackSecrets",
    ]);
  });

  it("leave out tests, examples, scripts, source maps, TypeScript sources and any stack state or log", () => {
    const unwanted = files.filter(
      (f) =>
        /(^|\/)(tests?|examples|scripts|fixtures|coverage|\.nms-state|\.pulumi)\//.test(f) ||
        /\.map$|\.log$|\.tgz$|state\.json$|Pulumi\..*\.yaml$/.test(f) ||
        (f.endsWith(".ts") && !f.endsWith(".d.ts")),
    );
    expect(unwanted).toEqual([]);
  });

  it("contain every file that main, types and exports name", () => {
    expect(files).toContain(packed(pkg.main));
    expect(files).toContain(packed(pkg.types));
    const rootExport = pkg.exports["."] as { types: string; default: string };
    expect(files).toContain(packed(rootExport.types));
    expect(files).toContain(packed(rootExport.default));
    expect(files).toContain(packed(pkg.exports["./runtime"]));
    // A pattern export ("./provider/*") must reach at least the module the serialized stub loads.
    for (const [subpath, target] of Object.entries(pkg.exports as Record<string, unknown>)) {
      if (typeof target !== "string" || !target.includes("*")) continue;
      const prefix = packed(target).split("*")[0];
      expect({ subpath, matches: files.some((f) => f.startsWith(prefix) && f.endsWith(".js")) }).toEqual({
        subpath,
        matches: true,
      });
    }
  });
});

describe("the declared dependency on @pulumi/pulumi", () => {
  it("is a caret peer range, never a dependency of its own that would install a second copy", () => {
    expect(pkg.dependencies["@pulumi/pulumi"]).toBeUndefined();
    expect(pkg.peerDependencies["@pulumi/pulumi"]).toMatch(/^\^3\.\d+\.\d+$/);
  });

  it("starts at the oldest SDK the compatibility run tests, and the project's own test copy lies inside it", () => {
    const floor = (pkg.peerDependencies["@pulumi/pulumi"] as string).slice(1);
    expect(floor).toBe(COMBOS.oldest.pulumi);
    const own = pkg.devDependencies["@pulumi/pulumi"] as string;
    expect(compareVersions(own, floor)).toBeGreaterThanOrEqual(0);
    expect(own.split(".")[0]).toBe("3");
  });

  it("is stated in the README's guide to Pulumi versions with the compatibility commands", () => {
    const readme = fs.readFileSync(path.join(ROOT, "docs", "pulumi-versions.md"), "utf8");
    expect(readme).toContain(`"@pulumi/pulumi": "${pkg.peerDependencies["@pulumi/pulumi"]}"`);
    expect(readme).toContain("npm run test:compat -- --combo oldest");
    expect(readme).toContain("npm run test:compat -- --combo latest");
  });
});

function compareVersions(a: string, b: string): number {
  const pa = a.split(".").map(Number);
  const pb = b.split(".").map(Number);
  for (let i = 0; i < 3; i++) if (pa[i] !== pb[i]) return pa[i] - pb[i];
  return 0;
}
