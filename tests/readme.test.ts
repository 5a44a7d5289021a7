// README.md stays true to the tree: its layout table names every top-level folder and only paths that
// exist, and every guide in docs/ is linked from it, so a moved or new file cannot leave it stale.
import * as fs from "node:fs";
import * as path from "node:path";

const ROOT = path.join(__dirname, "..");
const README = fs.readFileSync(path.join(ROOT, "README.md"), "utf8");
/** Folders that hold no source: build output, dependencies and what tests leave behind (.gitignore). */
const NOT_SOURCE = new Set(["node_modules", "dist", "coverage", "test-artifacts"]);

function layoutPaths(): string[] {
  const section = README.split(/^## Layout$/m)[1]?.split(/^##? /m)[0] ?? "";
  return section
    .split("\n")
    .filter((line) => line.startsWith("| `"))
    .flatMap((line) => [...line.split("|")[1].matchAll(/`([^`]+)`/g)].map((m) => m[1]));
}

test("the layout table names only paths that exist", () => {
  const paths = layoutPaths();
  expect(paths.length).toBeGreaterThan(0);
  expect(paths.filter((p) => !fs.existsSync(path.join(ROOT, p)))).toEqual([]);
});

test("the layout table has a row for every top-level folder of the repository", () => {
  const listed = new Set(layoutPaths().map((p) => p.replace(/\/$/, "")));
  const folders = fs
    .readdirSync(ROOT, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith(".") && !NOT_SOURCE.has(entry.name))
    .map((entry) => entry.name);
  expect(folders.filter((name) => !listed.has(name))).toEqual([]);
});

test("every guide in docs/ is linked from the README", () => {
  const guides = fs.readdirSync(path.join(ROOT, "docs")).filter((name) => name.endsWith(".md"));
  expect(guides.filter((name) => !README.includes(`(docs/${name}`))).toEqual([]);
});

test("every relative link of the README and of the guides leads to a file that exists", () => {
  const documents = [
    "README.md",
    ...fs
      .readdirSync(path.join(ROOT, "docs"))
      .filter((n) => n.endsWith(".md"))
      .map((n) => `docs/${n}`),
  ];
  const broken: string[] = [];
  for (const document of documents) {
    const text = fs.readFileSync(path.join(ROOT, document), "utf8");
    for (const [, target] of text.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)) {
      if (/^[a-z]+:/.test(target)) continue;
      if (!fs.existsSync(path.join(ROOT, path.dirname(document), target))) broken.push(`${document} → ${target}`);
    }
  }
  expect(broken).toEqual([]);
});

test("the README stays short: at most 250 lines, the details in docs/", () => {
  expect(README.trimEnd().split("\n").length).toBeLessThanOrEqual(250);
});
