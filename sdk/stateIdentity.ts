// The state's identity (provider/stateIdentity.ts): one hidden resource per program run, registered
// with the program's first nms resource, whose output every resource takes as RESOURCE_STACK_INPUT
// beside the stack's names. Its random ID is made at its create and kept in state, so a state keeps
// it from run to run, and another state (another backend's stack of the same names, a stack made
// again under a renamed one's name) has its own: a create of one can never take over an object
// another made (docs/adoption.md).
import * as pulumi from "@pulumi/pulumi";
import { PREVIEW_INPUT, STATE_ID_OUTPUT, STATE_IDENTITY_KIND } from "./generated/reservedInputs";
import { perRun } from "./perRun";
import { providerStub } from "./stub";

/** The hidden resource's name in every stack. */
export const STATE_IDENTITY_NAME = "nms-state-identity";

class StateIdentity extends pulumi.dynamic.Resource {
  constructor() {
    super(
      providerStub(STATE_IDENTITY_KIND),
      STATE_IDENTITY_NAME,
      // Whether this run is a preview: the provider host's first check learns it here (provider/stateIdentity.ts).
      { [STATE_ID_OUTPUT]: undefined, [PREVIEW_INPUT]: pulumi.runtime.isDryRun() },
      {},
      "nms",
      STATE_IDENTITY_KIND,
    );
  }
}

const identities = perRun((): { input?: pulumi.Output<string | undefined> } => ({}));

/**
 * RESOURCE_STACK_INPUT of this run's resources: "organization/project/stack/stateId". Undefined when the runtime
 * does not know the project or the stack (mocks without them), and while the state's ID is not known (mocks answer no
 * outputs): such a create is never taken over.
 */
export function stateIdentityInput(): pulumi.Input<string | undefined> {
  const names = stackNames();
  if (names === undefined) return undefined;
  const held = identities();
  if (held.input === undefined) {
    const identity = new StateIdentity();
    held.input = (identity as unknown as Record<string, pulumi.Output<unknown>>)[STATE_ID_OUTPUT].apply((stateId) =>
      typeof stateId === "string" && stateId !== "" ? `${names}/${stateId}` : undefined,
    );
  }
  return held.input;
}

/** "organization/project/stack" of the program. */
function stackNames(): string | undefined {
  const project = pulumi.getProject();
  const stack = pulumi.getStack();
  if (!project || !stack) return undefined;
  let organization = "";
  try {
    organization = pulumi.getOrganization();
  } catch {
    // Runtimes without an organization (mocks) throw here; the project and stack still name the stack.
  }
  return `${organization}/${project}/${stack}`;
}
