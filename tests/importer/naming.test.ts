// Resource names and variables of the generated program.
import { camel, Namer, noNamesGiven, slug, words } from "../../importer/naming";

test("a slug keeps letters and digits of any script's Latin letters, in lower case, joined by dashes", () => {
  expect(slug("HQ Office (2nd floor)")).toBe("hq-office-2nd-floor");
  expect(slug("Café São João")).toBe("cafe-sao-joao");
  expect(slug("  --- ")).toBe("");
});

test("a variable is the slug in camel case, and never starts with a digit", () => {
  expect(camel("hq-office")).toBe("hqOffice");
  expect(camel("1-1-5")).toBe("_115");
});

test("kinds read as words", () => {
  expect(words("VenueRadio")).toBe("venue radio");
  expect(words("ApLanPorts")).toBe("ap lan ports");
});

describe("a namer", () => {
  it("gives a taken name the owner's name in front, then a number", () => {
    const namer = new Namer();
    expect(namer.name("ApGroup", "Lobby", "HQ")).toEqual({ name: "lobby", variable: "lobby" });
    expect(namer.name("ApGroup", "Lobby", "Branch")).toEqual({ name: "branch-lobby", variable: "branchLobby" });
    expect(namer.name("ApGroup", "Lobby", "Branch")).toEqual({ name: "lobby-2", variable: "lobby2" });
    expect(namer.name("NotificationRecipient", "On-call", undefined)).toEqual({ name: "on-call", variable: "onCall" });
    expect(namer.name("NotificationRecipient", "On-call", undefined)).toEqual({
      name: "on-call-2",
      variable: "onCall2",
    });
  });

  it("gives a name another kind holds the kind behind it", () => {
    const namer = new Namer();
    namer.name("Venue", "Lobby", undefined);
    expect(namer.name("ApGroup", "Lobby", undefined)).toEqual({ name: "lobby-ap-group", variable: "lobbyApGroup" });
  });

  it("keeps variables unique and clear of the program's own names and reserved words", () => {
    const namer = new Namer();
    expect(namer.name("Venue", "Config", undefined).variable).toBe("configVenue");
    expect(namer.name("Network", "default", undefined).variable).toBe("defaultNetwork");
    // Two slugs that make one camel-case variable.
    expect(namer.name("Venue", "a b1", undefined).variable).toBe("aB1");
    expect(namer.name("Venue", "a-b-1", undefined)).toEqual({ name: "a-b-1", variable: "aB12" });
    expect(namer.name("Venue", "", undefined).name).toBe("venue");
  });

  it("of one tenant among several puts the tenant's name in front, unique across the tenants' namers", () => {
    const given = noNamesGiven();
    const acme = new Namer("acme", given);
    const acme2 = new Namer("acme-2", given);
    expect(acme.name("Venue", "2 HQ", undefined)).toEqual({ name: "acme-2-hq", variable: "acme2Hq" });
    expect(acme2.name("Venue", "HQ", undefined)).toEqual({ name: "acme-2-hq-2", variable: "acme2Hq2" });
    expect(acme2.name("Venue", "Lobby", undefined)).toEqual({ name: "acme-2-lobby", variable: "acme2Lobby" });
    expect(acme.name("Venue", "Lobby", undefined)).toEqual({ name: "acme-lobby", variable: "acmeLobby" });
  });
});
