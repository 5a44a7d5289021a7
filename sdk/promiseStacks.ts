// Pulumi's promise stacks, turned off while a resource is constructed (sdk/resource.ts). Its own module, with no
// import of the SDK's resources: the bench's floor (scripts/bench/floorSdk.ts) constructs its no-op resources the same
// way, so that the floor measures Pulumi at its cheapest rather than a cost this SDK avoids.
/**
 * Pulumi tags every promise it makes for a resource with `new Error().stack` (runtime/debuggable.js): four per
 * property, about forty per resource. Its program runner installs source-map-support, which maps every frame of
 * every one of those stacks. In the 1,000-resource benchmark that was about 3 s of the program's CPU before its first
 * registration (npm run bench --program-node-args --cpu-prof). Pulumi prints those stacks only when
 * PULUMI_DEBUG_PROMISE_LEAKS is set, so otherwise no stack is captured while a resource is being constructed.
 * The window is synchronous; code the constructor calls (a transformation) sees empty stacks, and an error thrown
 * from it gets its stack from the constructor's caller.
 */
export function withoutPromiseStacks(): () => void {
  if (process.env.PULUMI_DEBUG_PROMISE_LEAKS) return () => undefined;
  // Node's typings declare the hook as always present; undefined is V8's documented "use the default".
  const errorClass = Error as { prepareStackTrace?: typeof Error.prepareStackTrace; stackTraceLimit: number };
  const { prepareStackTrace, stackTraceLimit } = errorClass;
  errorClass.prepareStackTrace = undefined;
  errorClass.stackTraceLimit = 0;
  return () => {
    errorClass.prepareStackTrace = prepareStackTrace;
    errorClass.stackTraceLimit = stackTraceLimit;
  };
}
