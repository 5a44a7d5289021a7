/**
 * Who changed a drifted or deleted resource, as pulumi-nms's provider says it during a refresh: one line on the
 * provider host's stderr per resource (provider/lifecycle/attribution.ts writes it). The engine shows such a line as
 * an info message at the stack level, without a URN (docs/pulumi-facts.md, "What Pulumi shows of a dynamic provider's
 * output"); the line names the resource's kind, name and ID, by which the harness puts it next to the resource in its
 * display and in `--json` (RunResult.attributions).
 */

/** One request record the line names. */
export interface AttributedChange {
  admin: string;
  timestamp: string;
  method: string;
  requestId: string;
  /** SUCCESS unless the line says otherwise. */
  status: string;
}

export interface ResourceAttribution {
  urn: string;
  /** The line as the provider wrote it, without its log prefix. */
  line: string;
  changes: AttributedChange[];
}

/** A line of the provider's, parsed: the resource it is about and what it says. */
export interface ParsedAttribution {
  kind: string;
  name: string;
  id: string;
  drift: "changed" | "deleted";
  line: string;
  /** What follows "outside the stack: ". */
  text: string;
  changes: AttributedChange[];
}

// "nms info: nms:venue "hq" 0a1b... changed outside the stack: by a@b at 2026-...Z (PUT, request 3f...); by ..."
const LINE =
  /^(?:\[provider\] )?(?:nms info: )?(nms:[A-Za-z0-9]+ ("(?:[^"\\]|\\.)*") (\S+) (changed|deleted) outside the stack: (.*))$/;
const CHANGE = /by (.+?) at (\d{4}-\d\d-\d\dT[^ ]+) \(([A-Za-z]+), request ([^,)]+)(?:, ([A-Z]+))?\)/g;

/** The attribution a provider line holds; undefined for any other line. */
export function parseAttribution(raw: string): ParsedAttribution | undefined {
  const m = LINE.exec(raw.trim());
  if (!m) return undefined;
  let name: string;
  try {
    name = JSON.parse(m[2]) as string;
  } catch {
    return undefined;
  }
  const kind = m[1].slice(0, m[1].indexOf(" "));
  const changes: AttributedChange[] = [];
  for (const c of m[5].matchAll(CHANGE))
    changes.push({ admin: c[1], timestamp: c[2], method: c[3], requestId: c[4], status: c[5] ?? "SUCCESS" });
  return { kind, name, id: m[3], drift: m[4] as "changed" | "deleted", line: m[1], text: m[5], changes };
}

/**
 * Collects the attribution lines a provider host prints while a refresh runs, by resource name and ID. The host writes
 * a line before it answers the Read, but its stderr and its gRPC answer travel apart: `settle` waits a little for the
 * lines of the resources that still lack one.
 */
export class AttributionCollector {
  private readonly found = new Map<string, ParsedAttribution>();

  /** Takes one line of the provider host's output. */
  readonly take = (line: string): void => {
    const parsed = parseAttribution(line);
    if (parsed) this.found.set(key(parsed.name, parsed.id), parsed);
  };

  of(name: string, id: string): ParsedAttribution | undefined {
    return this.found.get(key(name, id));
  }

  /** Waits up to `maxWaitMs` until each of `wanted` (name, id) has its line. */
  async settle(wanted: readonly { name: string; id: string }[], maxWaitMs = 200): Promise<void> {
    const deadline = Date.now() + maxWaitMs;
    while (wanted.some((w) => !this.found.has(key(w.name, w.id))) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function key(name: string, id: string): string {
  return `${name}\u0000${id}`;
}
