// The types of the table of resource kinds that tests/sdk/kinds.test.ts drives through one shared
// stack (fixtures/kinds): a new kind is one entry in its family's file beside this one. Each entry says how to create it, which one
// field to update in place, which change replaces it, how another admin makes it drift (and on
// which path that shows), how it disappears out of band, and what destroy leaves in the service.
import type { NmsClient } from "../../../provider/client";

export type Props = Record<string, any>;

export interface Api {
  /** Another administrator of the tenant, making changes through the API. */
  admin: NmsClient;
  /** Resource name → ID, from the stack's outputs. */
  ids: Record<string, string>;
  /** This resource's ID. */
  id: string;
  /** What the emulator holds for the tenant, by kind (its admin API), for kinds the service cannot read back. */
  tenantObjects(): Promise<Record<string, Props[]>>;
}

export interface KindCase {
  name: string;
  kind: string;
  /** Inputs; "${name}" is another resource's ID, "${secret:key}" a secret config value. */
  args: Props;
  /**
   * What the generated "every field set" arguments (kindCases/generate.ts) take from the case: references to other
   * objects and values cross-field rules ask for; null leaves a field out.
   */
  full?: Props;
  /** What the fewest arguments (the case's required fields) need besides, for the kind's cross-field rules. */
  minimal?: Props;
  /** Asserts, through the API, what the create made beyond its outputs (an uploaded file). */
  created?(api: Api): Promise<void>;
  /** A change made in place (none: the service changes nothing in place). */
  update?: { field: string; value: unknown };
  replace?: { field: string; value: unknown };
  /** A change by another admin, and the path refresh shows it on (none: the service cannot show the object). */
  drift?: { make(api: Api): Promise<void>; path: string };
  /**
   * Out of band: gone (refresh drops it), reset to defaults (refresh shows drift), or not visible at all to refresh
   * (a write-only kind).
   */
  removed: { make(api: Api): Promise<void>; refresh: "delete" | "update" } | { refresh: "unseen" };
  /** Asserts, through the API, what destroy left behind. */
  destroyed(api: Api): Promise<void>;
}

/** Asserts that a read of the object answers 404. */
export async function expectGone(read: () => Promise<unknown>): Promise<void> {
  await expect(read()).rejects.toMatchObject({ status: 404 });
}
