// emulator/README.md's layout table stays current: every row names files or folders that exist,
// and every top-level file and folder of emulator/ has its row.
import * as fs from "node:fs";
import * as path from "node:path";

const EMULATOR = path.join(__dirname, "..", "..", "emulator");

/**
 * The names each entry of the "## Layout" list starts with, as written (`ui/` for a folder): a list
 * item's names before its first ": ", or a table row's first cell.
 */
function layoutRows(): string[][] {
  const readme = fs.readFileSync(path.join(EMULATOR, "README.md"), "utf8");
  const start = readme.indexOf("## Layout\n");
  const section = readme.slice(start, readme.indexOf("\n#", start + 1));
  return section
    .split("\n")
    .filter((line) => line.startsWith("| `") || line.startsWith("- `"))
    .map((line) => (line.startsWith("|") ? line.split(" | ")[0] : line.slice(2).split(": ")[0]))
    .map((names) => [...names.matchAll(/`([^`]+)`/g)].map((m) => m[1]));
}

test("the README has a layout table", () => {
  expect(layoutRows().length).toBeGreaterThan(10);
});

test("every row of the layout table names files or folders of emulator/ that exist", () => {
  const missing = layoutRows()
    .flat()
    .filter((name) => {
      const full = path.join(EMULATOR, name);
      return !fs.existsSync(full) || (name.endsWith("/") && !fs.statSync(full).isDirectory());
    });
  expect(missing).toEqual([]);
});

test("every top-level file and folder of emulator/ has a row of the layout table", () => {
  const named = new Set(layoutRows().flat());
  const entries = fs
    .readdirSync(EMULATOR, { withFileTypes: true })
    .filter((entry) => entry.name !== "README.md")
    .map((entry) => (entry.isDirectory() ? `${entry.name}/` : entry.name));
  expect(entries.filter((entry) => !named.has(entry))).toEqual([]);
});

test("no file or folder has two rows", () => {
  const names = layoutRows().flat();
  expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
});
