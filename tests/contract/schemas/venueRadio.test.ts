// contract/schemas/venueRadio.ts: the venue radio's defaults, and what an answer must hold.
import { validateBody, VENUE_RADIO_DEFAULTS, venueRadioInputSchema, venueRadioReadSchema } from "../../../contract";

describe("venue radio defaults", () => {
  test("an empty updateVenueRadio body is the defaults, and the defaults are a valid answer", () => {
    expect(venueRadioInputSchema.parse({})).toEqual(VENUE_RADIO_DEFAULTS);
    expect(validateBody(venueRadioReadSchema, VENUE_RADIO_DEFAULTS).ok).toBe(true);
  });

  test("an answer must hold every field of both bands", () => {
    const answer = structuredClone(VENUE_RADIO_DEFAULTS) as { radioParams50G: Record<string, unknown> };
    delete answer.radioParams50G.txPower;
    expect(validateBody(venueRadioReadSchema, answer)).toMatchObject({
      ok: false,
      failures: [{ path: "radioParams50G.txPower", message: "is required" }],
    });
  });
});
