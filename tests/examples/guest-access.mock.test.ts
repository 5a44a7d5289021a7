// A unit test of examples/guest-access under Pulumi's mocks: one guest user per configured guest,
// delivery computed from whether the guest has an email, and the passwords (which the service
// generates; here the mocks answer them) exported as a secret.
import * as pulumi from "@pulumi/pulumi";
import { inputsOf, mockPulumi, settled, valueOf } from "./mockHelpers";

const guests = [
  { name: "Ana Visitor", mobilePhoneNumber: "+351910000101" },
  { name: "Jo Auditor", mobilePhoneNumber: "+351910000103", email: "jo@audit.example", hours: 48 },
];
// The service generates each guest's password; here the mocks do.
const { registered } = mockPulumi("guest-access", { "guest-access:guests": JSON.stringify(guests) }, [], {
  generated: (args) =>
    args.type.endsWith("nms:GuestUser")
      ? { password: `pw-${String(args.inputs.name).split(" ")[0].toLowerCase()}` }
      : {},
});
const program = require("../../examples/guest-access/index") as typeof import("../../examples/guest-access/index");

beforeAll(() => settled(program, registered));

test("a guest user per configured guest, on the guest network that names the Wi-Fi calling profile", () => {
  expect(registered.filter((r) => r.type === "pulumi-nodejs:dynamic/nms:GuestUser").map((r) => r.name)).toEqual([
    "guest-ana-visitor",
    "guest-jo-auditor",
  ]);
  expect(inputsOf(registered, "carrier-calling")).toMatchObject({
    profileName: "Guest calling",
    qosPriority: "WIFICALLING_PRI_VOICE",
  });
  expect(inputsOf(registered, "guests")).toMatchObject({
    type: "guest",
    wlan: { advancedCustomization: { wifiCallingIds: ["carrier-calling-id"] } },
  });
  expect(registered.find((r) => r.name === "guests")!.type).toBe("pulumi-nodejs:dynamic/nms:Network");
});

test("delivery and expiry are computed per guest: email when the guest has one, SMS otherwise; 8 hours unless set", () => {
  expect(inputsOf(registered, "guest-ana-visitor")).toMatchObject({
    deliveryMethods: ["SMS"],
    expiration: { duration: 8, unit: "Hour" },
    networkId: "guests-id",
  });
  expect(inputsOf(registered, "guest-jo-auditor")).toMatchObject({
    deliveryMethods: ["MAIL"],
    email: "jo@audit.example",
    expiration: { duration: 48 },
  });
});

test("the generated passwords are exported as a secret, by guest name", async () => {
  expect(await pulumi.isSecret(program.guestPasswords)).toBe(true);
  expect(await valueOf(program.guestPasswords)).toEqual({ "Ana Visitor": "pw-ana", "Jo Auditor": "pw-jo" });
});
