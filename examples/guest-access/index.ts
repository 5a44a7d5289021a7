// Guest access: a guest network whose users get their passwords from the service, and a Wi-Fi
// calling profile that lets visitors' phones call over the guest Wi-Fi. The guest list is stack
// config; each guest's generated password is a secret output (`pulumi stack output --show-secrets
// guestPasswords`), encrypted in state like every secret.
import * as pulumi from "@pulumi/pulumi";
import * as nms from "pulumi-nms";

interface Guest {
  name: string;
  mobilePhoneNumber: string;
  email?: string;
  /** Hours the pass lasts from its creation (default 8). */
  hours?: number;
}

const config = new pulumi.Config("guest-access");
const guests = config.getObject<Guest[]>("guests") ?? [
  { name: "Ana Visitor", mobilePhoneNumber: "+351910000101" },
  { name: "Rui Contractor", mobilePhoneNumber: "+351910000102", hours: 72 },
];

const calling = new nms.WifiCallingProfile("carrier-calling", {
  profileName: config.get("callingProfileName") ?? "Guest calling",
  description: "Carrier ePDG for visitors' phones",
  ePDGs: [{ domain: config.get("epdgDomain") ?? "epdg.carrier.example", ip: config.get("epdgIp") ?? "192.0.2.61" }],
  qosPriority: "WIFICALLING_PRI_VOICE",
});

const guestNetwork = new nms.Network("guests", {
  name: config.get("networkName") ?? "Guests",
  type: "guest",
  guestPortal: { guestNetworkType: "GuestPass" },
  wlan: {
    ssid: "guests",
    vlanId: config.getNumber("guestVlan") ?? 50,
    advancedCustomization: { clientIsolation: true, wifiCallingEnabled: true, wifiCallingIds: [calling.id] },
  },
});

/** A stable resource name for a guest: Pulumi tracks the guest by it across runs. */
function keyOf(guest: Guest): string {
  return `guest-${guest.name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
}

const users = guests.map(
  (guest) =>
    new nms.GuestUser(keyOf(guest), {
      name: guest.name,
      mobilePhoneNumber: guest.mobilePhoneNumber,
      ...(guest.email
        ? { email: guest.email, deliveryMethods: ["MAIL" as const] }
        : { deliveryMethods: ["SMS" as const] }),
      networkId: guestNetwork.id,
      expiration: { activationType: "Creation", duration: guest.hours ?? 8, unit: "Hour" },
      maxDevices: 2,
    }),
);

export const wifiCallingProfileId = calling.id;
export const guestNetworkId = guestNetwork.id;
export const guestUserIds = users.map((user) => user.id);
// The service generates each password. The SDK marks `password` a secret output, which the engine
// encrypts in state; the explicit pulumi.secret keeps the export secret under every runtime, mocks included.
export const guestPasswords = pulumi.secret(
  pulumi.all(users.map((user) => pulumi.all([user.name, user.password]))).apply((pairs) => Object.fromEntries(pairs)),
);
