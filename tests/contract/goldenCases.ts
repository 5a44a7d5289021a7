// Which contract schema holds each golden body (golden/*.json, written by hand from the API
// documentation), and the helpers the golden tests share. A golden file is named after its
// operation, with the Wi-Fi API variant appended where the answer differs between the two
// (W47-older.json).
import * as fs from "node:fs";
import * as path from "node:path";
import { z } from "zod";
import {
  acceptedAnswerSchema,
  apDetailReadSchemaFor,
  apGroupReadSchema,
  apInputSchema,
  apReadSchema,
  dpskPassphraseFormatReadSchema,
  dpskPassphraseInputSchema,
  dpskPassphraseReadSchema,
  guestUserCreateBodySchema,
  guestUserListReadSchema,
  guestUserReadSchema,
  networkDeepCreateSchemaFor,
  networkDeepReadSchemaFor,
  networkShallowReadSchema,
  networkVenueInputSchemaFor,
  networkVenueReadSchemaFor,
  requestRecordReadSchema,
  switchProfileInputSchema,
  switchProfileReadSchema,
  switchVlanInputSchema,
  switchVlanReadSchema,
  tenantDeepReadSchema,
  venueRadioInputSchema,
  venueRadioReadSchema,
  venueReadSchema,
  venueSyslogInputSchemaFor,
  venueSyslogReadSchema,
} from "../../contract";

export interface GoldenSchemas {
  /** The write body's schema (what check validates). */
  request?: z.ZodTypeAny;
  /** The whole answer's schema: the read schema, inside the async envelope for writes. */
  response?: z.ZodTypeAny;
}

export const GOLDEN_SCHEMAS: Record<string, GoldenSchemas> = {
  A2: { response: requestRecordReadSchema },
  A4: { response: tenantDeepReadSchema },
  A9: { response: venueReadSchema },
  W2: { request: z.array(apInputSchema), response: acceptedAnswerSchema(z.array(apReadSchema)) },
  W5: { response: apDetailReadSchemaFor("newer") },
  W26: { response: apGroupReadSchema },
  W30: { response: apGroupReadSchema },
  W43: { response: venueRadioReadSchema },
  W44: { request: venueRadioInputSchema, response: acceptedAnswerSchema(venueRadioReadSchema) },
  "W47-older": { response: venueSyslogReadSchema },
  "W47-newer": { response: venueSyslogReadSchema },
  "W48-older": { request: venueSyslogInputSchemaFor("older"), response: acceptedAnswerSchema(venueSyslogReadSchema) },
  "W48-newer": { request: venueSyslogInputSchemaFor("newer"), response: acceptedAnswerSchema(venueSyslogReadSchema) },
  W52: {
    request: networkDeepCreateSchemaFor("newer"),
    response: acceptedAnswerSchema(networkDeepReadSchemaFor("newer")),
  },
  W53: { response: z.array(dpskPassphraseFormatReadSchema) },
  W54: { response: networkShallowReadSchema },
  W59: {
    request: networkVenueInputSchemaFor("newer"),
    response: acceptedAnswerSchema(networkVenueReadSchemaFor("newer")),
  },
  W73: { response: guestUserListReadSchema },
  W74: { request: guestUserCreateBodySchema, response: acceptedAnswerSchema(z.array(guestUserReadSchema)) },
  W84: { request: dpskPassphraseInputSchema, response: acceptedAnswerSchema(dpskPassphraseReadSchema) },
  S43: { request: switchProfileInputSchema, response: acceptedAnswerSchema(switchProfileReadSchema) },
  S50: { request: switchVlanInputSchema, response: acceptedAnswerSchema(switchVlanReadSchema) },
  // Network types: one deep network of each type beside createNetworkDeep's aaa
  ...Object.fromEntries(
    ["psk", "open", "guest", "dpsk", "cloudpath"].map((type) => [
      `W52-${type}`,
      {
        request: networkDeepCreateSchemaFor("newer"),
        response: acceptedAnswerSchema(networkDeepReadSchemaFor("newer")),
      },
    ]),
  ),
};

export interface Golden {
  description: string;
  variant?: "older" | "newer";
  request?: unknown;
  response?: unknown;
}

export const GOLDEN_DIR = path.join(__dirname, "golden");

export function goldenNames(): string[] {
  return fs
    .readdirSync(GOLDEN_DIR)
    .filter((file) => file.endsWith(".json"))
    .map((file) => file.slice(0, -".json".length))
    .sort();
}

/** A fresh copy of a golden file each time, so a test may change it. */
export function golden(name: string): Golden {
  return JSON.parse(fs.readFileSync(path.join(GOLDEN_DIR, `${name}.json`), "utf8")) as Golden;
}

/** Stands for "leave this field out" in a broken copy. */
export const REMOVE = Symbol("remove");

/** The value at a path in Pulumi's form (`response[1].name`, `radioParams24G.allowedChannels`) set, or removed. */
export function withValueAt<T>(body: T, at: string, value: unknown): T {
  const copy = structuredClone(body);
  const keys = [...at.matchAll(/[^.[\]]+|\[(\d+)\]/g)].map((m) => (m[1] !== undefined ? Number(m[1]) : m[0]));
  let node = copy as Record<string | number, unknown>;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = keys[keys.length - 1];
  if (value === REMOVE) delete node[last];
  else node[last] = value;
  return copy;
}
