// No import circles anywhere in the source, type-only imports included: each folder reads one way, from
// what it builds on to what builds on it. Biome (npm run lint) refuses the circles that run; madge sees
// the type-only ones too.
import * as path from "node:path";
import madge = require("madge");

const ROOT = path.join(__dirname, "..");
const SOURCE_FOLDERS = ["contract", "emulator", "harness", "importer", "provider", "scripts", "sdk", "stackSecrets"];

test("the source has no import circle", async () => {
  const graph = await madge(
    SOURCE_FOLDERS.map((folder) => path.join(ROOT, folder)),
    { baseDir: ROOT, fileExtensions: ["ts"], tsConfig: path.join(ROOT, "tsconfig.json") },
  );
  expect(graph.circular()).toEqual([]);
}, 120_000);
