import * as fs from "node:fs";
import * as path from "node:path";

/** The directory holding package.json, from the source tree or from dist/. */
export function projectRoot(from = __dirname): string {
  let dir = from;
  while (!fs.existsSync(path.join(dir, "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${from}`);
    dir = parent;
  }
  return dir;
}
