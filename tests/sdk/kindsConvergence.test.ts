// Every kind of the table (kindCases/) against the service's default-filled answers: the service
// answers with every documented field, defaults filled in (nested objects too). For every kind, a
// create with every field set shows no changes on a preview --refresh right after (one with only
// the required fields is kinds.test.ts's); and an object that holds a value in every field the
// program leaves out (made by a stack with every field set, which then forgets it), adopted by a
// program with only the required fields, converges in one up. Each step runs for every kind at
// once, on the shared stack of kindsStack.ts.
import { preview, up } from "../../harness";
import { RESOURCE_SPECS } from "../../provider/resources";
import { KIND_CASES, type Props } from "./kindCases";
import { argsOf, changes, kindsStack, ok, type StackResource, stepOf } from "./kindsStack";

// Each step runs the whole table's stack; the limit is a safety net, not a speed goal.
jest.setTimeout(600_000);

const kinds = kindsStack();

describe("every kind converges against the service's default-filled answers", () => {
  const stack = (resources: readonly StackResource[]) => kinds.options({}, {}, resources);
  /** Kinds the service cannot read back (write-only) cannot be adopted: nothing shows what the object holds. */
  const adoptable = KIND_CASES.filter((c) => RESOURCE_SPECS[c.kind].ops.read !== undefined);
  const adopterOf = (name: string) => `${name}-adopted`;
  /** The case's references to other cases, pointed at those cases' adopters. */
  const toAdopters = (value: unknown): unknown => {
    if (typeof value === "string")
      return value.replace(/^\$\{([\w-]+)/, (ref, name: string) =>
        KIND_CASES.some((c) => c.name === name) ? `\${${adopterOf(name)}` : ref,
      );
    if (Array.isArray(value)) return value.map(toAdopters);
    if (value !== null && typeof value === "object")
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toAdopters(v)]));
    return value;
  };
  let fullIds: Record<string, string> = {};

  it("a create with every field set shows no changes on a preview --refresh right after", async () => {
    const full = await Promise.all(
      KIND_CASES.map(async (c) => ({ name: c.name, kind: c.kind, args: (await argsOf(c)).full, retainOnDelete: true })),
    );
    const created = ok(await up(stack(full)));
    for (const c of KIND_CASES) expect([c.name, stepOf(created.steps, c.name).op]).toEqual([c.name, "create"]);
    fullIds = created.outputs as Record<string, string>;
    expect(changes(ok(await preview({ ...stack(full), refresh: true })).steps)).toEqual({});
  });

  it("an object holding a value in every field the program leaves out, adopted with only the required fields, converges in one up", async () => {
    // The stack with every field set forgets its objects (retainOnDelete) as the program drops them; the same run adopts them.
    const adopters = await Promise.all(
      adoptable.map(async (c) => {
        const args = toAdopters((await argsOf(c)).minimal) as Props;
        // A kind that always exists is taken over by its create; the others name the object they adopt.
        return {
          name: adopterOf(c.name),
          kind: c.kind,
          args: RESOURCE_SPECS[c.kind].ops.create ? { ...args, adoptId: fullIds[c.name] } : args,
        };
      }),
    );
    const adopted = ok(await up(stack(adopters)));
    for (const c of adoptable) {
      const step = stepOf(adopted.steps, adopterOf(c.name));
      expect([c.name, step.op, step.id]).toEqual([c.name, "create", fullIds[c.name]]);
    }
    expect(changes(ok(await preview({ ...stack(adopters), refresh: true })).steps)).toEqual({});
  });
});
