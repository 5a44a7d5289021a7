// Loaded into the floor's program process with `node --require` (stack.ts): the bench's program then gets the no-op
// resource classes of floorSdk.ts when it requires pulumi-nms, and nothing of the real package is loaded.
import Module = require("node:module");
import * as path from "node:path";

const FLOOR_SDK = path.join(__dirname, "floorSdk.js");
const resolver = Module as unknown as { _resolveFilename(request: string, ...rest: unknown[]): string };
const resolve = resolver._resolveFilename;
resolver._resolveFilename = function (request: string, ...rest: unknown[]): string {
  return request === "pulumi-nms" ? FLOOR_SDK : resolve.call(this, request, ...rest);
};
