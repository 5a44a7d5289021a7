// Why the pack's process starts without the whole Pulumi SDK: `@pulumi/policy` requires `@pulumi/pulumi` at load
// (its deserialize.js), but reads it only to rebuild assets and archives and to recognise outputs: of this
// package's resources, only a FloorPlan's image is an asset. The SDK's index loads its automation API and closure
// serializer (`@npmcli/arborist`, `pacote`, `sigstore`: 556 modules, about 0.3 s of CPU and up to a second of wall
// time on a busy machine), every time a preview starts the pack. The entry (policy/index.js) puts a stand-in for
// the index in Node's module cache first; the first read of any of its exports loads the real index and answers
// from it, so the first FloorPlan analyzed (or a pack that does use the SDK) gets it, only then.
import Module = require("node:module");
import * as path from "node:path";

/**
 * What deferring did: the stand-in is in place; or nothing, as the module was already loaded, is not installed, or
 * the module cache is not Node's.
 */
export type Deferral = "deferred" | "already-loaded" | "not-found" | "unsupported";

/**
 * Puts a stand-in for `request`, as a module in `fromDir` resolves it, in the module cache: an ES-module-shaped
 * namespace (`__esModule`, as TypeScript's `__importStar` expects) whose every read, `in`, or listing of keys
 * loads the real module and answers from it.
 */
export function deferUntilRead(request: string, fromDir: string): Deferral {
  let file: string;
  try {
    file = require.resolve(request, { paths: [fromDir] });
  } catch {
    return "not-found";
  }
  if (require.cache[file]) return "already-loaded";
  let real: Record<PropertyKey, unknown> | undefined;
  const load = (): Record<PropertyKey, unknown> => {
    if (!real) {
      // Out of the cache first, so that the real module loads (and the SDK's own modules that require their
      // index get the real one from then on).
      delete require.cache[file];
      real = require(file) as Record<PropertyKey, unknown>;
    }
    return real;
  };
  const namespace = new Proxy({} as Record<PropertyKey, unknown>, {
    get: (_, key) => (key === "__esModule" ? true : load()[key]),
    has: (_, key) => key in load(),
    ownKeys: () => Reflect.ownKeys(load()),
    // A proxy may not report a property non-configurable that its (empty) target lacks.
    getOwnPropertyDescriptor: (_, key) => {
      const d = Reflect.getOwnPropertyDescriptor(load(), key);
      return d && { ...d, configurable: true };
    },
  });
  try {
    const standIn = new Module(file);
    standIn.filename = file;
    standIn.paths = (Module as unknown as { _nodeModulePaths(dir: string): string[] })._nodeModulePaths(
      path.dirname(file),
    );
    standIn.exports = namespace;
    standIn.loaded = true;
    require.cache[file] = standIn;
    return "deferred";
  } catch {
    // A runtime whose module system differs from Node's (Bun, which run-policy-pack also supports): load as usual.
    return "unsupported";
  }
}

/** Defers `@pulumi/pulumi` as `@pulumi/policy` resolves it (the copy under it, if it has its own). */
export function deferPulumiSdk(): Deferral {
  let policyDir: string;
  try {
    policyDir = path.dirname(require.resolve("@pulumi/policy"));
  } catch {
    return "not-found";
  }
  return deferUntilRead("@pulumi/pulumi", policyDir);
}
