// Loaded into the dynamic-provider host with `node --require` when the bench profiles it (--provider-node-args with
// --cpu-prof or --heap-prof, stack.ts). The harness stops the host with SIGTERM (harness/processes.ts), on which node
// ends without writing the profile; leaving through process.exit lets it write the profile first.
process.once("SIGTERM", () => process.exit(143));
