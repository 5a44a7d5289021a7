// What the service knows across tenants: every administrator's login (usernames are global),
// the vendor's support directory (people with a support account, and the VARs among them), and
// which tenant is an MSP's end customer. One per emulator; tenants reach it through TenantState.
// A service that keeps data across tenants (the file store) keeps it here too, under its own name
// (sharedStore): the model knows no service.
import type { AdminAccount } from "./accounts";

/** What a service keeps across tenants in the directory: forgotten with everything else. */
export interface SharedStore {
  clear(): void;
}

/** A person in the vendor's support directory (POST /__admin/support-directory adds one). */
export interface SupportEntry {
  externalId: string;
  username: string;
  name?: string;
  lastName?: string;
  /** A member of the vendor's support team: may not be invited as a VAR (TNT-10304). */
  supportUser: boolean;
  /** The VAR's own tenant, when the person is a VAR's administrator. */
  tenantId?: string;
}

export class Directory {
  /** Login accounts of every tenant, by username. */
  readonly accounts = new Map<string, AdminAccount>();
  /** The support directory, by externalId. */
  readonly support = new Map<string, SupportEntry>();
  /** MSP end customers: the customer's tenant ID → its MSP's tenant ID. */
  readonly mspOf = new Map<string, string>();
  /** The services' stores, by name. */
  private readonly stores = new Map<string, SharedStore>();

  /**
   * AP and switch serial numbers by the tenant that registered them ("ap:SERIAL", "switch:SERIAL"): a device belongs
   * to one tenant, so another one's createAps or createSwitch is refused (emulator/README.md, "Roles and devices").
   */
  readonly deviceHolders = new Map<string, string>();

  /** The tenant that holds a device, when another one than `tenantId` does. */
  deviceHeldElsewhere(kind: "ap" | "switch", serial: string, tenantId: string): boolean {
    const holder = this.deviceHolders.get(`${kind}:${serial}`);
    return holder !== undefined && holder !== tenantId;
  }

  holdDevice(kind: "ap" | "switch", serial: string, tenantId: string): void {
    this.deviceHolders.set(`${kind}:${serial}`, tenantId);
  }

  releaseDevice(kind: "ap" | "switch", serial: string, tenantId: string): void {
    if (this.deviceHolders.get(`${kind}:${serial}`) === tenantId) this.deviceHolders.delete(`${kind}:${serial}`);
  }

  /** The store a service keeps under `name`, made by `make` the first time it is asked for. */
  sharedStore<S extends SharedStore>(name: string, make: () => S): S {
    let store = this.stores.get(name);
    if (store === undefined) {
      store = make();
      this.stores.set(name, store);
    }
    return store as S;
  }

  supportByUsername(username: string): SupportEntry | undefined {
    const wanted = username.toLowerCase();
    for (const entry of this.support.values()) if (entry.username.toLowerCase() === wanted) return entry;
    return undefined;
  }

  clear(): void {
    this.accounts.clear();
    this.support.clear();
    this.mspOf.clear();
    this.deviceHolders.clear();
    for (const store of this.stores.values()) store.clear();
  }
}
