// harness/README.md's "Source layout" table stays true to the folder: every file it names exists, and every
// module of the harness has a row.
import * as fs from "node:fs";
import * as path from "node:path";

const HARNESS_DIR = path.join(__dirname, "..", "..", "harness");

/**
 * The entries under the "## Source layout" heading, each as the file names it starts with: a list item's
 * names before its first ": ", or a table row's first cell.
 */
function layoutRows(readme: string): string[][] {
  const section = readme.split(/^## /m).find((s) => s.startsWith("Source layout"));
  if (!section) throw new Error('harness/README.md has no "## Source layout" section');
  return section
    .split("\n")
    .filter((line) => line.startsWith("| `") || line.startsWith("- `"))
    .map((line) => (line.startsWith("|") ? line.split("|")[1] : line.slice(2).split(": ")[0]))
    .map((names) => [...names.matchAll(/`([^`]+)`/g)].map((m) => m[1]));
}

describe("harness/README.md's source layout", () => {
  const rows = layoutRows(fs.readFileSync(path.join(HARNESS_DIR, "README.md"), "utf8"));
  const named = rows.flat();

  test("every row names files that exist in harness/", () => {
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.length).toBeGreaterThan(0);
    expect(named.filter((file) => !fs.existsSync(path.join(HARNESS_DIR, file)))).toEqual([]);
  });

  test("every harness module has a row, and only one", () => {
    const modules = fs.readdirSync(HARNESS_DIR).filter((f) => f.endsWith(".ts"));
    expect(modules.filter((file) => !named.includes(file))).toEqual([]);
    expect(named.filter((file, i) => named.indexOf(file) !== i)).toEqual([]);
  });
});
