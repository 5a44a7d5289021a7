// A unit test of examples/campus under Pulumi's mocks (pulumi.runtime.setMocks), as a user of the
// SDK would write one: no engine, no provider, no service.
import * as pulumi from "@pulumi/pulumi";
import { inputsOf, mockPulumi, settled, valueOf } from "./mockHelpers";

const { registered } = mockPulumi(
  "campus",
  {
    "campus:venueName": "North",
    "campus:usersVlan": "310",
    "campus:radiusSecret": "radius-unit",
    "campus:iotPassphrase": "iot-unit-passphrase",
  },
  ["campus:radiusSecret", "campus:iotPassphrase"],
);
const program = require("../../examples/campus/index") as typeof import("../../examples/campus/index");

test("registers every kind of the campus with its readable type token", async () => {
  await settled(program, registered);
  const kinds = new Set(registered.map((r) => r.type.replace("pulumi-nodejs:dynamic/nms:", "")));
  for (const kind of [
    "Venue",
    "ApGroup",
    "Ap",
    "Network",
    "NetworkVenueActivation",
    "VenueRadio",
    "VenueSyslog",
    "SwitchProfile",
    "SwitchVlan",
    "SwitchAcl",
    "Switch",
    "SwitchPortSettings",
    "SwitchLag",
  ]) {
    expect(kinds).toContain(kind);
  }
  expect(registered.every((r) => r.type.startsWith("pulumi-nodejs:dynamic/nms:"))).toBe(true);
});

test("names and VLANs are computed from the config: APs alternate between the groups, ports carry the users VLAN", async () => {
  expect(await valueOf(pulumi.output(program.apNames))).toEqual(["North AP 1", "North AP 2"]);
  expect(inputsOf(registered, "ap-1").apGroupId).toBe("lobby-id");
  expect(inputsOf(registered, "ap-2").apGroupId).toBe("offices-id");
  expect(inputsOf(registered, "desk-port")).toMatchObject({
    switchId: "access-1-id",
    untaggedVlan: "310",
    taggedVlans: ["220"],
    ingressAcl: "desks-in",
  });
  expect(inputsOf(registered, "uplink").taggedVlans).toEqual(["310", "220"]);
  expect(inputsOf(registered, "campus-access").venues).toEqual(["campus-id"]);
});

test("the IoT passphrase is a secret output, the venue's ID is not", async () => {
  expect(await pulumi.isSecret(program.iotPassphrase as pulumi.Output<unknown>)).toBe(true);
  expect(await valueOf(program.iotPassphrase as pulumi.Output<unknown>)).toBe("iot-unit-passphrase");
  expect(await pulumi.isSecret(program.venueId)).toBe(false);
});
