// Doc comment text of the generated SDK (scripts/sdkgen/docs.ts): each rule said once, and values
// written as code where a sentence starts with one.
import { z } from "zod";
import { codeValuesOf, rulesNotSaid, rulesOf, sentence, withArticle } from "../../../scripts/sdkgen/docs";

describe("doc sentences", () => {
  it("capitalise plain words, but mark a value the field takes as code instead, with the other values of the sentence", () => {
    expect(sentence("the VLAN pool")).toBe("The VLAN pool.");
    expect(sentence("rstp, stp or none", codeValuesOf(z.enum(["rstp", "stp", "none"])))).toBe(
      "`rstp`, `stp` or `none`.",
    );
    expect(sentence("true accepts the delegation, false rejects it.")).toBe(
      "`true` accepts the delegation, `false` rejects it.",
    );
    expect(sentence("mm/dd/yyyy or yyyy/mm/dd.", codeValuesOf(z.enum(["mm/dd/yyyy", "yyyy/mm/dd"]).optional()))).toBe(
      "`mm/dd/yyyy` or `yyyy/mm/dd`.",
    );
  });

  it("leave a word with a capital of its own as it is written", () => {
    expect(sentence("mDNS service, e.g. AIRPLAY")).toBe("mDNS service, e.g. AIRPLAY.");
  });
});

describe("the article before a word", () => {
  it("goes by its sound: an abbreviation by its first letter's name, a 'u' said 'you' as a consonant", () => {
    const words = ["ApGroup", "Admin", "Venue", "UserProfile", "Update", "URL", "SSID", "IP address", "email address"];
    expect(words.map(withArticle)).toEqual([
      "an ApGroup",
      "an Admin",
      "a Venue",
      "a UserProfile",
      "an Update",
      "a URL",
      "an SSID",
      "an IP address",
      "an email address",
    ]);
    expect(rulesOf(z.string().email())).toEqual(["must be an email address"]);
  });
});

describe("rules a description already states", () => {
  it("are not said again", () => {
    const name = z.string().min(2, "must be 2 to 32 characters").max(32, "must be 2 to 32 characters");
    expect(rulesNotSaid("2 to 32 characters; unique in the tenant.", rulesOf(name))).toEqual([]);
    const vlan = z.number().int().min(1).max(4094);
    expect(rulesNotSaid("VLAN of the WLAN's clients, 1 to 4094 (default 1).", rulesOf(vlan))).toEqual([
      "must be an integer",
    ]);
    expect(rulesNotSaid("12 digits, the first 1 to 9.", ["must be 12 digits, the first 1 to 9"])).toEqual([]);
  });

  it("are said when the description states another range, or none", () => {
    const port = z.number().int().min(1).max(65535);
    expect(rulesNotSaid("Port, 0 to 65535.", rulesOf(port))).toEqual(["must be an integer", "must be at least 1"]);
    expect(rulesNotSaid("The floor plan's name.", rulesOf(z.string().min(1)))).toEqual(["must not be empty"]);
    expect(rulesNotSaid("Most hops, 10 to 2550.", rulesOf(z.number().min(0).max(255)))).toEqual([
      "must be at least 0",
      "must be at most 255",
    ]);
  });
});
