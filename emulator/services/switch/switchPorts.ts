// A switch's ports, LAGs, IP ports and VE ports. Ports
// exist with their switch (switches.ts PORT_LAYOUT) and are only read and updated. The others are
// created on a switch (createIpPort, createLag, createVePort; createIpPorts, createLags, createVePorts for several) and updated by the PUT the switch API documentation
// label "create" (updateIpPort, updateLag, updateVePort), which names the object by the body's id. Every VLAN and ACL they
// name must belong to a profile applied to the switch's venue (venueConfig.ts).
import { z } from "zod";
import {
  acceptedAnswerSchema,
  acceptedRequestSchema,
  switchIpPortReadSchema,
  switchLagReadSchema,
  switchPortReadSchema,
  switchVePortReadSchema,
  type SwitchIpPortInput,
  switchIpPortInputSchema,
  type SwitchLagInput,
  switchLagInputSchema,
  type SwitchPortSettingsInput,
  switchPortSettingsSchema,
  type SwitchVePortInput,
  switchVePortInputSchema,
} from "../../../contract";
import { ApiError, notFound, relatedNotFound } from "../../model/errors";
import { idList, ok } from "../../operations/handlers";
import type { Handler, KindDef, OpContext, OperationSchemas } from "../../model/kind";
import type { AnyRecord } from "../../model/collection";
import type { TenantState } from "../../model/tenant";
import { parsed } from "./parse";
import { portIdOf } from "./switches";
import { checkVenueRefs, switchOf } from "./venueConfig";

type OnSwitch<I> = I & { id: string; switchId: string };
export type SwitchPortRecord = OnSwitch<SwitchPortSettingsInput>;
export type SwitchLagRecord = OnSwitch<SwitchLagInput>;
export type SwitchIpPortRecord = OnSwitch<SwitchIpPortInput>;
export type SwitchVePortRecord = OnSwitch<SwitchVePortInput>;

const ON_SWITCH = { serialNumber: { field: "switchId", kind: "switches", noun: "switch" } } as const;

const withoutSwitch = <R extends { switchId: string }>({ switchId: _switchId, ...rest }: R) => rest;

function lagOfPort(t: TenantState, port: SwitchPortRecord): { id: string; name: string } | undefined {
  const lag = t
    .of<SwitchLagRecord>("switchLags")
    .find((l) => l.switchId === port.switchId && l.ports.includes(port.port));
  return lag ? { id: lag.id, name: lag.name } : undefined;
}

function portExists(t: TenantState, switchId: string, port: string, object: string): void {
  if (!t.of("switchPorts").has(portIdOf(switchId, port))) throw relatedNotFound("port of the switch", object, port);
}

function portOfPath(c: OpContext, port: string, object: string): SwitchPortRecord {
  c.model.existing(switchesKind(c), c.tenant, c.params.serialNumber);
  const found = c.tenant.of<SwitchPortRecord>("switchPorts").get(portIdOf(c.params.serialNumber, port));
  if (!found) throw notFound("port", object, port);
  return found;
}

function switchesKind(c: OpContext): KindDef {
  return c.model.kinds.find((k) => k.name === "switches")!;
}

/** createIpPorts, createLags, createVePorts: one object or an array of them, created on the switch; the answer is the array. */
function several(kind: () => KindDef): Handler {
  return (c) => {
    if (Array.isArray(c.body)) return c.finish(c.model.createMany(kind(), c.tenant, c.body, c.params));
    const write = c.model.create(kind(), c.tenant, c.body, c.params);
    return c.finish({ ...write, response: [write.response] });
  };
}

export const switchPorts: KindDef<SwitchPortRecord, SwitchPortSettingsInput> = {
  name: "switchPorts",
  noun: "port",
  idParam: "portId",
  parents: ON_SWITCH,
  schema: () => switchPortSettingsSchema,
  readSchema: () => switchPortReadSchema,
  schemasOf: {
    updateSwitchPort: { body: () => switchPortSettingsSchema, answer: () => acceptedRequestSchema },
    getSwitchPort: { answer: () => switchPortReadSchema },
    getSwitchPortsByIds: {
      body: () => z.array(z.string().min(1)).min(1).describe("IDs of the switch's ports."),
      answer: () => z.object({ response: z.array(switchPortReadSchema) }),
    },
  },
  ops: { lists: [{ op: "listSwitchPorts" }] },
  build: (_ctx, input, id, previous) => ({
    record: { ...input, id, switchId: previous?.switchId ?? "", port: previous?.port ?? input.port },
  }),
  check: (t, port) => checkVenueRefs(t, port),
  view: (t, port) => ({ ...withoutSwitch(port), ...(lagOfPort(t, port) ? { lag: lagOfPort(t, port) } : {}) }),
  extra: {
    // updateSwitchPort names the port by the body's `port`, and answers the bare {requestId}.
    updateSwitchPort: (c) => {
      const body = parsed(switchPortSettingsSchema, c.body);
      const port = portOfPath(c, body.port, "port");
      const write = c.model.update(switchPorts, c.tenant, port.id, c.body, c.params);
      return c.finish({ ...write, response: undefined });
    },
    getSwitchPort: (c) => {
      const port = portOfPath(c, `${c.params.unitNum}/${c.params.slotNum}/${c.params.portNum}`, "portNum");
      return ok(switchPorts.view(c.tenant, port));
    },
    // getSwitchPortsByIds reads; its answer is the envelope {response: [ports]}.
    getSwitchPortsByIds: (c) => {
      c.model.existing(switchesKind(c), c.tenant, c.params.serialNumber);
      const ports = idList(c.body).map((id, i) => {
        const port = c.tenant.of<SwitchPortRecord>("switchPorts").get(id);
        if (!port || port.switchId !== c.params.serialNumber) throw notFound("port", `[${i}]`, id);
        return switchPorts.view(c.tenant, port);
      });
      return ok({ response: ports });
    },
  },
};

function onSwitchBuild<I extends object>() {
  return (_ctx: unknown, input: I, id: string, previous: (I & { switchId: string }) | undefined) => ({
    record: { ...input, id, switchId: previous?.switchId ?? "" } as OnSwitch<I>,
  });
}

export const switchLags: KindDef<SwitchLagRecord, SwitchLagInput> = {
  name: "switchLags",
  noun: "LAG",
  idParam: "lagId",
  parents: ON_SWITCH,
  schema: () => switchLagInputSchema,
  readSchema: () => switchLagReadSchema,
  schemasOf: { createLags: severalOnASwitch(switchLagInputSchema, switchLagReadSchema) },
  unique: {
    key: (l) => `${l.switchId}\u0000${l.name}`,
    code: "NMS-DUPLICATE-NAME",
    object: "name",
    message: "the switch already has a LAG with this name",
  },
  ops: {
    lists: [{ op: "listSwitchLags" }],
    create: "createLag",
    update: "updateLag",
    get: "getLag",
    delete: "deleteLag",
    bulkDelete: "deleteLags",
  },
  build: onSwitchBuild<SwitchLagInput>(),
  check(t, lag) {
    switchOf(t, lag.switchId);
    lag.ports.forEach((port, i) => {
      portExists(t, lag.switchId, port, `ports[${i}]`);
      if (lag.ports.indexOf(port) !== i)
        throw new ApiError("NMS-VALIDATION", { message: "port appears twice", object: `ports[${i}]`, value: port });
      const other = t
        .of<SwitchLagRecord>("switchLags")
        .find((l) => l.id !== lag.id && l.switchId === lag.switchId && l.ports.includes(port));
      if (other)
        throw new ApiError("NMS-PORT-IN-LAG", {
          message: `the port is already a member of LAG ${other.name}`,
          object: `ports[${i}]`,
          value: port,
        });
    });
    checkVenueRefs(t, lag);
  },
  view: (_t, lag) => withoutSwitch(lag),
  extra: { createLags: several(() => switchLags as unknown as KindDef) },
};

function ipCheck(t: TenantState, record: AnyRecord): void {
  switchOf(t, record.switchId);
  if (typeof record.port === "string") portExists(t, record.switchId, record.port, "port");
  checkVenueRefs(t, record);
}

export const switchIpPorts: KindDef<SwitchIpPortRecord, SwitchIpPortInput> = {
  name: "switchIpPorts",
  noun: "IP port",
  idParam: "ipPortId",
  parents: ON_SWITCH,
  schema: () => switchIpPortInputSchema,
  readSchema: () => switchIpPortReadSchema,
  schemasOf: { createIpPorts: severalOnASwitch(switchIpPortInputSchema, switchIpPortReadSchema) },
  unique: {
    key: (p) => `${p.switchId}\u0000${p.port}`,
    code: "NMS-DUPLICATE-NAME",
    object: "port",
    message: "the port already has an IP port",
  },
  ops: {
    lists: [{ op: "listSwitchIpPorts" }],
    create: "createIpPort",
    update: "updateIpPort",
    get: "getIpPort",
    delete: "deleteIpPort",
    bulkDelete: "deleteIpPorts",
  },
  build: onSwitchBuild<SwitchIpPortInput>(),
  check: ipCheck,
  view: (_t, ip) => withoutSwitch(ip),
  extra: { createIpPorts: several(() => switchIpPorts as unknown as KindDef) },
};

export const switchVePorts: KindDef<SwitchVePortRecord, SwitchVePortInput> = {
  name: "switchVePorts",
  noun: "VE port",
  idParam: "vePortId",
  parents: ON_SWITCH,
  schema: () => switchVePortInputSchema,
  readSchema: () => switchVePortReadSchema,
  schemasOf: { createVePorts: severalOnASwitch(switchVePortInputSchema, switchVePortReadSchema) },
  unique: {
    key: (p) => `${p.switchId}\u0000${p.vlanId}`,
    code: "NMS-DUPLICATE-NAME",
    object: "vlanId",
    message: "the switch already has a VE port on this VLAN",
  },
  ops: {
    lists: [{ op: "listSwitchVePorts" }],
    create: "createVePort",
    update: "updateVePort",
    get: "getVePort",
    delete: "deleteVePort",
    bulkDelete: "deleteVePorts",
  },
  build: onSwitchBuild<SwitchVePortInput>(),
  check: ipCheck,
  view: (_t, ve) => withoutSwitch(ve),
  extra: { createVePorts: several(() => switchVePorts as unknown as KindDef) },
};

/** createIpPorts, createLags, createVePorts ("submit several"): one object or an array of them, answered as the array created. */
function severalOnASwitch(input: z.ZodTypeAny, read: z.ZodTypeAny): OperationSchemas {
  return { body: () => z.union([input, z.array(input).min(1)]), answer: () => acceptedAnswerSchema(z.array(read)) };
}
