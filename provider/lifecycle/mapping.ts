// How an object the service answers becomes what the state records, and back: shared by every
// step of the lifecycle and by what generates programs from a tenant (importer/).
import type { WifiApiVariant } from "../../contract/meta";
import { looksUnset } from "../compare";
import { specFields } from "../fields";
import { shapeLike } from "../shape";
import { pick, type Props, type ResourceSpec } from "../spec";
import { explicitTenant, TENANT_INPUT } from "../tenant";
import { CARRIED_INPUTS, LAST_WRITE, PROGRAM_SET_FIELDS } from "./stateFields";

/**
 * How an object the service answers becomes what the state records: its outputs (`outputsOf`) and,
 * on refresh, the inputs the program is taken to have set (`inputsOf`). Shared by the lifecycle and
 * by what generates programs from a tenant (importer/), so that a generated program's inputs are
 * exactly what a refresh would record.
 */
export function readMapping(spec: ResourceSpec, variant: () => WifiApiVariant) {
  const fields = specFields(spec);
  const fromApi = (api: Props): Props =>
    spec.fromApi ? spec.fromApi(api) : pick(api, [...fields.inputNames, ...fields.outputNames]);
  /** Outputs keep the program's shape for input fields, so state holds what the program manages. */
  // Inputs the service's read form never holds: what names the object in the path, a trigger's value, secrets it may
  // not return, and what the spec declares (a local file's path). Refresh keeps the program's value for these only, so
  // that a field another admin cleared shows as drift instead of being refilled.
  const notEchoed = new Set([
    ...fields.pathInputs,
    ...Object.keys(spec.identity.parents ?? {}),
    ...(spec.identity.idFromInput ? [spec.identity.idFromInput] : []),
    ...Object.keys(spec.triggers ?? {}),
    ...fields.secretInputs,
    ...(spec.notEchoed ?? []),
  ]);
  /** The outputs from an answer; `refill` "all" after a write (the answer may be partial), "notEchoed" on refresh. */
  const outputsOf = (api: Props, inputs: Props, refill: "all" | "notEchoed" = "all"): Props => {
    const outs: Props = {};
    for (const [key, value] of Object.entries(fromApi(api))) {
      // undefined cannot cross the provider protocol (protobuf Struct); absent means unset.
      if (value === undefined) continue;
      outs[key] = fields.inputNames.includes(key) && inputs[key] !== undefined ? shapeLike(inputs[key], value) : value;
    }
    for (const field of fields.inputNames) {
      if (outs[field] === undefined && inputs[field] !== undefined && (refill === "all" || notEchoed.has(field)))
        outs[field] = inputs[field];
    }
    for (const field of CARRIED_INPUTS) if (inputs[field] !== undefined) outs[field] = inputs[field];
    // An output only (never an input, so never compared): a refresh keeps the stack's last write as it was.
    if (inputs[LAST_WRITE] !== undefined) outs[LAST_WRITE] = inputs[LAST_WRITE];
    const programSet = refill === "all" ? setButLooksUnset(inputs) : programSetIn(inputs);
    if (programSet.length > 0) outs[PROGRAM_SET_FIELDS] = programSet;
    return outs;
  };
  /**
   * The inputs the program set that the service's answer cannot tell from ones it left out: a value the service fills in,
   * nothing, or the default (a syslog port of 514 written in the program). Refresh keeps these as the program's.
   */
  const setButLooksUnset = (inputs: Props): string[] => {
    const defaults = fields.defaults(variant());
    const set = fields.inputNames.filter(
      (f) => inputs[f] !== undefined && (fields.filledByService.includes(f) || looksUnset(inputs[f], defaults[f])),
    );
    // The outputs always name the tenant (resolved); whether the program named it is only said here.
    return explicitTenant(inputs) !== undefined ? [...set, TENANT_INPUT] : set;
  };
  /** Which inputs the state's outputs remember the program set (PROGRAM_SET_FIELDS). */
  const programSetIn = (outs: Props): string[] => {
    const listed = outs[PROGRAM_SET_FIELDS];
    return Array.isArray(listed) ? [...fields.inputNames, TENANT_INPUT].filter((f) => listed.includes(f)) : [];
  };

  /**
   * What refresh records as the program's inputs, so that the engine's comparison of them with the
   * program shows exactly the fields that differ. A field the program set stays, with the value the
   * service holds now. Of the others, one holding nothing or just the default is left out (the
   * program did not set it), and one the service fills in is the service's; any other value was
   * set outside the program, and stays so that it shows as the change.
   */
  const inputsOf = (outs: Props): Props => {
    const programSet = programSetIn(outs);
    // The tenant, as the other carried inputs, but only when the program named it (the outputs name it always).
    const inputs = pick(
      outs,
      CARRIED_INPUTS.filter((field) => field !== TENANT_INPUT || programSet.includes(TENANT_INPUT)),
    );
    const defaults = fields.defaults(variant());
    for (const field of fields.inputNames) {
      const value = outs[field];
      if (programSet.includes(field)) {
        if (value !== undefined && value !== null) inputs[field] = value;
        continue;
      }
      if (fields.filledByService.includes(field) || looksUnset(value, defaults[field])) continue;
      inputs[field] = value;
    }
    return inputs;
  };

  return { fromApi, outputsOf, inputsOf, notEchoed };
}

export type ReadMapping = ReturnType<typeof readMapping>;
