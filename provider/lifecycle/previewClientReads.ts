// What check reads of one tenant for the preview reads (previewReads.ts): its login, its lists, the objects
// found to exist, each once per process.
import type * as pulumi from "@pulumi/pulumi";
import type { OperationName } from "../../contract/routes";
import type { NmsClient, QueryParams } from "../client";
import { isNotFound, NmsApiError } from "../client/errors";
import type { Props } from "../spec";
import { TENANT_INPUT } from "../tenant";

type CheckFailure = pulumi.dynamic.CheckFailure;

/** What one client (the view of one tenant) has read: its tenant, its lists, the objects found to exist. Kept for the process. */
export class ClientReads {
  private readonly lists = new Map<string, Promise<Props[]>>();
  private readonly exists = new Map<string, Promise<boolean>>();
  private session?: Promise<CheckFailure | undefined>;
  /** A read of the tenant answered: the login reaches it, no tenant read needed. */
  private reached = false;
  /** Why every check of the tenant fails, once a read was refused for the login or the tenant. */
  refused?: CheckFailure;

  constructor(readonly client: NmsClient) {}

  /** "the tenant" (the configured one), or "tenant <ID>" (another, which a resource's `tenantId` named), for messages. */
  where(): string {
    return this.client.tenantId === this.client.configuredTenantId ? "the tenant" : `tenant ${this.client.tenantId}`;
  }

  /**
   * One read of the tenant (getTenant, after the login the views share), so that wrong credentials, or a tenant the login
   * may not reach, fail every check of the tenant's resources with the service's reason; none once another read of the
   * tenant (a list of the checks) answered. `named`: the resources name the tenant in their `tenantId` (else it is
   * nms:tenantId), which the failure is reported on.
   */
  verified(named: boolean): Promise<CheckFailure | undefined> {
    if (this.reached || this.refused) return Promise.resolve(this.refused);
    this.session ??= this.client.call("getTenant").then(
      () => undefined,
      (error: unknown) => sessionFailure(error, named ? this.client.tenantId : undefined),
    );
    return this.session;
  }

  /**
   * A check's read failed: when the login was refused, or the tenant cannot be reached with it, why every check of the
   * tenant fails (kept for the others); undefined for any other error.
   */
  refusal(error: unknown, named: boolean): CheckFailure | undefined {
    if (this.reached || !isSessionRefusal(error)) return undefined;
    this.refused ??= sessionFailure(error, named ? this.client.tenantId : undefined);
    return this.refused;
  }

  /**
   * Every object of a list, fetched once for the process (client.list shares its pages with the
   * client's own cache); none when the scope does not exist (a switch the program has yet to add).
   */
  list(op: OperationName, params: Record<string, string>, query?: QueryParams): Promise<Props[]> {
    const key = `${op} ${JSON.stringify(params)} ${JSON.stringify(query ?? {})}`;
    let listed = this.lists.get(key);
    if (!listed) {
      listed = this.client.list<Props>(op, params, query).then(
        (objects) => {
          this.reached = true;
          return objects;
        },
        (error: unknown) => {
          if (isNotFound(error)) return [];
          throw error;
        },
      );
      this.lists.set(key, listed);
      // A failed list is not kept: the next check asks again.
      listed.catch(() => this.lists.get(key) === listed && this.lists.delete(key));
    }
    return listed;
  }

  /** The client, its lists answered by list() above: a lookup through it (findByName) lists nothing a check has listed. */
  listingOnce(): NmsClient {
    const list = (op: OperationName, params?: Record<string, string>, query?: QueryParams) =>
      this.list(op, params ?? {}, query);
    return Object.create(this.client, { list: { value: list } }) as NmsClient;
  }

  /** Whether the object exists, read once per object: for a reference its list does not show. */
  confirm(kind: string, id: string, read: () => Promise<Props | undefined>): Promise<boolean> {
    const key = `${kind} ${id}`;
    let found = this.exists.get(key);
    if (!found) {
      found = read().then((object) => object !== undefined);
      this.exists.set(key, found);
      found.catch(() => this.exists.get(key) === found && this.exists.delete(key));
    }
    return found;
  }
}

/** A refusal of the login, or of the tenant to the login: every read of the tenant would meet it. */
function isSessionRefusal(error: unknown): boolean {
  return error instanceof NmsApiError && (error.operation === "login" || error.status === 401 || error.status === 403);
}

/** Why check fails for every resource of the tenant; `named`: the tenant a resource's `tenantId` names. */
function sessionFailure(error: unknown, named: string | undefined): CheckFailure {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof NmsApiError && error.operation === "login") {
    return { property: "", reason: `the service refused the login (check nms:username and nms:password): ${message}` };
  }
  if (error instanceof NmsApiError && (error.status === 403 || error.status === 404)) {
    if (named !== undefined) {
      return {
        property: TENANT_INPUT,
        reason:
          `tenant ${named} cannot be reached with the configured login (an end customer's tenant is reached through the ` +
          `service's delegated access, which the tenant must grant the login's own): ${message}`,
      };
    }
    return { property: "nms:tenantId", reason: `the tenant cannot be reached with these credentials: ${message}` };
  }
  return {
    property: "",
    reason: `the service could not be read (set nms:offlinePreview to true to preview without it): ${message}`,
  };
}
