// What the SDK needs to register a resource of one kind. The generator writes it into each class
// (scripts/sdkgen/resourceFile.ts), from the provider's spec at generation time, so that a program
// loads no provider code: the provider runs in the provider host (sdk/stub.ts).

/** How the inputs name the object a resource owns (the program's register of owned objects, sdk/ownership.ts). */
export interface KindOwnership {
  /** The kind creates its objects (and so takes `adoptId` and `adoptByName`); else they always exist. */
  readonly creates: boolean;
  /** The input that is the object's ID in the service (an AP's serial number). */
  readonly idFromInput?: string;
  /** The inputs that name the objects this one belongs to (a VLAN's profileId). */
  readonly parents: readonly string[];
  /** The inputs whose values are unique in the object's scope, when the kind has such a name. */
  readonly uniqueName?: readonly string[];
}

export interface KindInfo {
  readonly kind: string;
  /** Every input and read-only output: declared in the registration so that each becomes an output. */
  readonly outputs: readonly string[];
  /** Inputs that are secret or hold one: marked secret in the inputs. */
  readonly secretInputs: readonly string[];
  /** Outputs Pulumi keeps secret: the secret inputs and the secret read-only outputs. */
  readonly additionalSecretOutputs: readonly string[];
  readonly ownership: KindOwnership;
  /** Settings the service deletes with the object they belong to: the input naming it and its kind (sdk/deletedWith.ts). */
  readonly deletedWithParent?: { readonly input: string; readonly kind: string };
  /** Settings of other kinds are deleted with objects of this kind (a Venue's radio): the SDK notes its resources. */
  readonly hasSettings?: boolean;
}
