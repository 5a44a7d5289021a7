// No import circles anywhere in the source, type-only imports included: each folder reads one way, from
// what it builds on to what builds on it. Biome (npm run lint) refuses the circles that run; madge sees
// the type-only ones too.
import * as path from "node:path";
import madge = require("madge");

const ROOT = path.join(__dirname, "..");
const SOURCE_FOLDERS = ["contract", "emulator", "harness", "importer", "provider", "scripts", "sdk", "stackSecrets"];

/** Folders that are one room: taken whole, they sit in no circle with the files around them. */
const ROOMS = ["provider/lifecycle"];

const graph = madge(
  SOURCE_FOLDERS.map((folder) => path.join(ROOT, folder)),
  { baseDir: ROOT, fileExtensions: ["ts"], tsConfig: path.join(ROOT, "tsconfig.json") },
);

test("the source has no import circle", async () => {
  expect((await graph).circular()).toEqual([]);
}, 120_000);

test("the lifecycle, taken whole, imports nothing that imports it (the preview reads sit inside it)", async () => {
  const roomOf = (file: string) => ROOMS.find((room) => file.startsWith(`${room}/`)) ?? file;
  const edges = new Map<string, Set<string>>();
  for (const [file, imports] of Object.entries((await graph).obj())) {
    for (const imported of imports) {
      const [from, to] = [roomOf(file), roomOf(imported)];
      if (from !== to) edges.set(from, (edges.get(from) ?? new Set()).add(to));
    }
  }
  // The files each room reaches; a circle is a room among what it reaches, shown with the way back.
  const circles: string[] = [];
  for (const room of ROOMS) {
    const cameFrom = new Map<string, string>();
    const pending = [room];
    while (pending.length > 0) {
      const at = pending.pop()!;
      for (const next of edges.get(at) ?? []) {
        if (next === room) {
          const way = [at];
          while (way[0] !== room) way.unshift(cameFrom.get(way[0])!);
          circles.push([...way, room].join(" → "));
        } else if (!cameFrom.has(next)) {
          cameFrom.set(next, at);
          pending.push(next);
        }
      }
    }
  }
  expect(circles).toEqual([]);
}, 120_000);
