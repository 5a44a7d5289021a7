// Switches, keyed by their ID, which is their serial number: every {serialNumber} slot
// takes it. A switch's ports exist with it (PORT_LAYOUT); deleting a switch removes its ports,
// LAGs, IP and VE ports. Position (updateSwitchPosition) and stack members (updateStackMembers, deleteStackMember) have operations of their own,
// so an updateSwitch that leaves them out keeps them.
import {
  acceptedAnswerSchema,
  acceptedRequestSchema,
  actionTextReadSchema,
  switchReadSchema,
  sshTunnelBodySchema,
  stackMembersChangeSchema,
  type SwitchInput,
  switchInputSchema,
  switchPingBodySchema,
  switchPortSettingsSchema,
  switchPositionSchema,
  switchFirmwareBodySchema,
  switchTraceRouteBodySchema,
} from "../../../contract";
import { ApiError, notFound, relatedNotFound } from "../../model/errors";
import type { KindDef, OpContext, RelatedPut } from "../../model/kind";
import type { TenantState } from "../../model/tenant";
import { parsed } from "./parse";
import { USER_KINDS } from "./venueConfig";

export interface SwitchRecord extends SwitchInput {
  id: string;
  softDeleted: boolean;
  softDeletedDate?: string;
  isPrimaryDeleted: boolean;
}

/**
 * The ports the emulator gives every switch (the switch API documentation names no models): unit 1, slot 1 with 24
 * access ports and slot 2 with 4 uplinks, 1/1/1 … 1/1/24 and 1/2/1 … 1/2/4.
 */
const PORT_LAYOUT: readonly { slot: number; ports: number }[] = [
  { slot: 1, ports: 24 },
  { slot: 2, ports: 4 },
];

export const portIdOf = (switchId: string, port: string) => `${switchId}_${port}`;

function portsOf(switchId: string): RelatedPut[] {
  return PORT_LAYOUT.flatMap(({ slot, ports }) =>
    Array.from({ length: ports }, (_, i) => {
      const port = `1/${slot}/${i + 1}`;
      return {
        kind: "switchPorts",
        record: { ...switchPortSettingsSchema.parse({ port }), id: portIdOf(switchId, port), switchId },
      };
    }),
  );
}

function switchOfPath(c: OpContext): SwitchRecord {
  return c.model.existing(switches, c.tenant, c.params.serialNumber);
}

/** A write that changes the switch record when its request completes. */
function changeSwitch(c: OpContext, response: unknown, change: (current: SwitchRecord) => SwitchRecord) {
  const target = switchOfPath(c);
  return c.finish(
    c.model.action(target.id, response, () => {
      const current = c.tenant.of<SwitchRecord>("switches").get(target.id);
      if (current) c.tenant.of<SwitchRecord>("switches").put(change(current));
    }),
  );
}

function diagnostic(c: OpContext, kind: "PING" | "TRACEROUTE", host: string, maxTtl?: number) {
  const target = switchOfPath(c);
  // A switch the emulator holds has never contacted the cloud: nothing comes back.
  const text =
    kind === "PING"
      ? `PING ${host}: 56 data bytes\n--- ${host} ping statistics ---\n5 packets transmitted, 0 packets received, 100% packet loss (the switch has not contacted the cloud)`
      : `traceroute to ${host}, ${maxTtl} hops max\n 1  * * *\n(the switch has not contacted the cloud)`;
  return c.finish(c.model.action(target.id, { response: text }));
}

export const switches: KindDef<SwitchRecord, SwitchInput> = {
  name: "switches",
  noun: "switch",
  idParam: "serialNumber",
  idFrom: { field: "id", takenCode: "NMS-DUPLICATE-NAME" },
  schema: () => switchInputSchema,
  readSchema: () => switchReadSchema,
  schemasOf: {
    createSshTunnel: { body: () => sshTunnelBodySchema, answer: () => acceptedRequestSchema },
    updateStackMembers: { body: () => stackMembersChangeSchema, answer: () => acceptedAnswerSchema(switchReadSchema) },
    deleteStackMember: { answer: () => acceptedRequestSchema },
    pingFromSwitch: { body: () => switchPingBodySchema, answer: () => acceptedAnswerSchema(actionTextReadSchema) },
    updateSwitchPosition: {
      body: () => switchPositionSchema,
      answer: () => acceptedAnswerSchema(switchPositionSchema),
    },
    rebootSwitch: { answer: () => acceptedRequestSchema },
    traceRouteFromSwitch: {
      body: () => switchTraceRouteBodySchema,
      answer: () => acceptedAnswerSchema(actionTextReadSchema),
    },
    scheduleSwitchFirmware: { body: () => switchFirmwareBodySchema, answer: () => acceptedRequestSchema },
    createSwitches: { body: () => switchInputSchema, answer: () => acceptedAnswerSchema(switchReadSchema.array()) },
  },
  ops: {
    lists: [
      { op: "listSwitches" },
      { op: "listVenueSwitches", where: { param: "venueId", field: "venueId", kind: "venues", noun: "venue" } },
    ],
    create: "createSwitch",
    update: "updateSwitch",
    get: "getSwitch",
    delete: "deleteSwitch",
    bulkDelete: "deleteSwitches",
  },

  build(_ctx, input, id, previous) {
    const kept = { position: previous?.position, stackMembers: previous?.stackMembers };
    const record: SwitchRecord = {
      ...input,
      id,
      position: input.position ?? kept.position,
      stackMembers: input.stackMembers ?? kept.stackMembers,
      softDeleted: previous?.softDeleted ?? false,
      isPrimaryDeleted: previous?.isPrimaryDeleted ?? false,
      ...(previous?.softDeletedDate ? { softDeletedDate: previous.softDeletedDate } : {}),
    };
    for (const key of ["position", "stackMembers"] as const) if (record[key] === undefined) delete record[key];
    return { record, related: previous ? [] : portsOf(id) };
  },

  check(t, sw, previous) {
    // One tenant's switch: another tenant gets the answer of a serial number added twice (README "Roles and devices").
    if (!previous && t.directory.deviceHeldElsewhere("switch", sw.id, t.id))
      throw new ApiError("NMS-DUPLICATE-NAME", {
        message: "serial number already registered",
        object: "id",
        value: sw.id,
      });
    if (!t.of("venues").has(sw.venueId)) throw relatedNotFound("venue", "venueId", sw.venueId);
    (sw.stackMembers ?? []).forEach((member, i) => {
      if (member.id === sw.id)
        throw new ApiError("NMS-VALIDATION", {
          message: "a switch cannot be a member of its own stack",
          object: `stackMembers[${i}].id`,
          value: member.id,
        });
    });
  },

  afterPut: (t, sw) => t.directory.holdDevice("switch", sw.id, t.id),

  onDelete(t: TenantState, sw) {
    t.directory.releaseDevice("switch", sw.id, t.id);
    for (const kind of [...USER_KINDS])
      for (const owned of t.of(kind).filter((r) => r.switchId === sw.id)) t.of(kind).delete(owned.id);
  },

  view: (_t, sw) => sw,

  extra: {
    createSwitches: (c) => {
      const write = c.model.create(switches, c.tenant, c.body);
      return c.finish({ ...write, response: [write.response] });
    },
    updateSwitchPosition: (c) => {
      const position = parsed(switchPositionSchema, c.body);
      return changeSwitch(c, position, (current) => ({ ...current, position }));
    },
    updateStackMembers: (c) => {
      const target = switchOfPath(c);
      const change = parsed(stackMembersChangeSchema, c.body);
      const members = (target.stackMembers ?? []).map((m) => m.id);
      change.remove.forEach((id, i) => {
        if (!members.includes(id))
          throw new ApiError("NMS-VALIDATION", {
            message: "is not a member of the stack",
            object: `remove[${i}]`,
            value: id,
          });
      });
      change.add.forEach((id, i) => {
        if (id === target.id)
          throw new ApiError("NMS-VALIDATION", {
            message: "a switch cannot be a member of its own stack",
            object: `add[${i}]`,
            value: id,
          });
      });
      const next = (current: SwitchRecord): SwitchRecord => {
        const kept = (current.stackMembers ?? []).map((m) => m.id).filter((id) => !change.remove.includes(id));
        return { ...current, stackMembers: [...new Set([...kept, ...change.add])].map((id) => ({ id })) };
      };
      return changeSwitch(c, next(target), next);
    },
    deleteStackMember: (c) => {
      const target = switchOfPath(c);
      const memberId = c.params.memberId;
      if (!(target.stackMembers ?? []).some((m) => m.id === memberId))
        throw notFound("stack member", "memberId", memberId);
      return changeSwitch(c, undefined, (current) => ({
        ...current,
        stackMembers: (current.stackMembers ?? []).filter((m) => m.id !== memberId),
      }));
    },
    pingFromSwitch: (c) => diagnostic(c, "PING", parsed(switchPingBodySchema, c.body).targetHost),
    traceRouteFromSwitch: (c) => {
      const body = parsed(switchTraceRouteBodySchema, c.body);
      return diagnostic(c, "TRACEROUTE", body.targetHost, body.maxTtl);
    },
    // rebootSwitch (unnamed in the switch API documentation; a reboot by the route table): the switch must exist; nothing documented changes.
    rebootSwitch: (c) => c.finish(c.model.action(switchOfPath(c).id, undefined)),
    // scheduleSwitchFirmware: the schedule is accepted for a switch that exists; the documentation shows no field that holds it.
    scheduleSwitchFirmware: (c) => {
      parsed(switchFirmwareBodySchema, c.body);
      return c.finish(c.model.action(switchOfPath(c).id, undefined));
    },
    createSshTunnel: (c) => {
      const body = parsed(sshTunnelBodySchema, c.body);
      if (!c.tenant.of("switches").has(body.serial)) throw relatedNotFound("switch", "serial", body.serial);
      return c.finish(c.model.action(body.serial, undefined));
    },
  },
};
