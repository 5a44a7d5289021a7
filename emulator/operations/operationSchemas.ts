// What every operation reads and answers, as the contract's schemas: derived from the roles the
// kinds declare (a get answers the kind's read form, a list an array of it or listGuestUsers's page, a
// create or update the envelope with it and reads the kind's input schema, a delete `{requestId}`),
// plus what kinds and services declare for their other operations. The OpenAPI document and the
// tests that hold every body and answer against the contract read it from here.
import { z } from "zod";
import {
  acceptedAnswerSchema,
  acceptedRequestSchema,
  contentPageSchema,
  objectOf,
  ROUTES,
  type OperationName,
  type RouteDef,
  type WifiApiVariant,
} from "../../contract";
import type { KindDef, OperationSchemas } from "../model/kind";
import { KINDS, SERVICE_SCHEMAS } from "../services/registry";

const idList = (noun: string) =>
  z.array(z.string().min(1)).min(1).describe(`IDs of the ${noun}s to delete, all or none.`);

/** The schemas of one operation; an operation that answers no body (302, `{requestId}` aside) has no answer schema. */
export function operationSchemas(op: OperationName, kinds: readonly KindDef[] = KINDS): OperationSchemas {
  const route = ROUTES[op] as RouteDef;
  const service = SERVICE_SCHEMAS[op];
  if (service) return service;
  for (const kind of kinds) {
    const declared = kind.schemasOf?.[op];
    if (declared) return declared;
    const derived = roleSchemas(kind, op, route);
    if (derived) return derived;
  }
  return {};
}

function roleSchemas(kind: KindDef, op: OperationName, route: RouteDef): OperationSchemas | undefined {
  const { ops } = kind;
  const read = (variant: WifiApiVariant) => {
    if (!kind.readSchema) throw new Error(`kind ${kind.name} plays a role for ${op} but declares no readSchema`);
    return kind.readSchema(variant);
  };
  if (ops.lists?.some((list) => list.op === op)) {
    return { answer: (v) => (route.paging?.envelope === "content" ? contentPageSchema(read(v)) : z.array(read(v))) };
  }
  if (ops.get === op) return { answer: read };
  if (ops.create === op) return { body: (v) => kind.schema(v), answer: (v) => acceptedAnswerSchema(read(v)) };
  if (ops.createMany === op)
    return { body: (v) => z.array(kind.schema(v)).min(1), answer: (v) => acceptedAnswerSchema(z.array(read(v))) };
  if (ops.update === op) {
    // updateAcl, updateSwitch, updateIpPort, updateLag, updateSwitchProfile, updateVlan, updateVePort, updateVenueSwitchSettings name the object by the body's `id` (its rules across fields are the kind's schema's).
    const idInBody = !route.path.includes(`{${kind.idParam}}`);
    const id = z.string().min(1).describe(`The ${kind.noun} to update.`);
    return {
      body: (v) => (idInBody ? objectOf(kind.schema(v)).extend({ id }) : kind.schema(v)),
      answer: (v) => acceptedAnswerSchema(read(v)),
    };
  }
  if (ops.reset === op) return { answer: (v) => acceptedAnswerSchema(read(v)) };
  if (ops.delete === op) return { answer: () => acceptedRequestSchema };
  if (ops.bulkDelete === op) return { body: () => idList(kind.noun), answer: () => acceptedRequestSchema };
  return undefined;
}
