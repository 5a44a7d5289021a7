// Everything one tenant holds. Tenants share nothing: every lookup starts from a TenantState,
// which is what keeps one tenant's objects and request records invisible to another. Its
// collections are made from the kind registry (services/registry.ts), one per kind.
import type { z } from "zod";
import {
  DEFAULT_WIFI_API_VARIANT,
  type RequestRecord,
  type tenantDetailsReadSchema,
  type WifiApiVariant,
} from "../../contract";
import { Directory } from "./directory";
import { type AnyRecord, Collection, type UniqueRule } from "./collection";

/** What a tenant needs of a kind (model/kind.ts) to hold its objects: the collection's name and uniqueness rule. */
export interface CollectionSpec {
  readonly name: string;
  readonly unique?: UniqueRule<AnyRecord>;
}

/** getTenantDetails's details, every field held (the demo data and new tenants fill them all). */
export type TenantDetails = Required<z.infer<typeof tenantDetailsReadSchema>>;

/** What the emulator lets tests and demos set per tenant. */
export interface TenantSettings {
  /** Which variant of the Wi-Fi API the tenant speaks (the Wi-Fi API documentation). */
  wifiApiVariant: WifiApiVariant;
  /** Wi-Fi device licences: APs beyond this count are refused with ENT-10003. */
  wifiLicenses: number;
}

const DEFAULT_TENANT_SETTINGS: TenantSettings = { wifiApiVariant: DEFAULT_WIFI_API_VARIANT, wifiLicenses: 1000 };

export class TenantState {
  private readonly collections = new Map<string, Collection<AnyRecord>>();
  /** Request records in submission order. */
  readonly requests = new Map<string, RequestRecord>();
  readonly settings: TenantSettings;

  constructor(
    readonly id: string,
    readonly name: string,
    readonly createdDate: string,
    readonly details: TenantDetails,
    kinds: readonly CollectionSpec[],
    settings: Partial<TenantSettings> = {},
    /** What the service knows across tenants (logins, support directory, MSP customers). */
    readonly directory: Directory = new Directory(),
  ) {
    this.settings = { ...DEFAULT_TENANT_SETTINGS, ...settings };
    for (const kind of kinds) this.collections.set(kind.name, new Collection<AnyRecord>(kind.unique));
  }

  get variant(): WifiApiVariant {
    return this.settings.wifiApiVariant;
  }

  /** The tenant's objects of one kind, by the kind's collection name. */
  of<R extends AnyRecord = AnyRecord>(name: string): Collection<R> {
    const collection = this.collections.get(name);
    if (!collection) throw new Error(`no collection ${name}: is the kind in services/registry.ts?`);
    return collection as unknown as Collection<R>;
  }

  names(): string[] {
    return [...this.collections.keys()];
  }
}
