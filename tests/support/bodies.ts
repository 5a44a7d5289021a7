// Valid request bodies reused across the tests (each the smallest body the API documentation
// accepts, plus the fields a test usually wants to see); a test breaks one rule on top of them.

export const venueBody = (name = "Headquarters") => ({
  name,
  description: "Main office",
  address: { city: "Lisbon", country: "Portugal" },
});
export const apGroupBody = (venueId: string, name = "Lobby") => ({ name, venueId });
export const radiusPair = (port = 1812) => ({ primary: { ip: "192.0.2.10", port, sharedSecret: "radius-secret" } });
export const deepNetworkBody = (name = "Corp") => ({
  name,
  type: "aaa",
  wlan: { vlanId: 10, wlanSecurity: "WPA2Enterprise" },
  authRadius: radiusPair(),
});
export const pskNetworkBody = (name = "Guest") => ({
  name,
  type: "psk",
  wlan: { wlanSecurity: "WPA2Personal", passphrase: "correct-horse" },
});

/** The n-th test serial number: 12 digits, the first 1 to 9 (the Wi-Fi API documentation). */
export const serialNumber = (n: number) => String(100_000_000_000 + n);

/** An AP (createAps entry, updateAp body) in a venue; the AP group is left to the service (the venue's default). */
export const apBody = (venueId: string, n: number, name = `AP ${n}`) => ({
  serialNumber: serialNumber(n),
  name,
  venueId,
});

/** A guest user (createGuestUsers entry) of a network. */
export const guestUserBody = (networkId: string, name = "Ana Guest") => ({
  name,
  mobilePhoneNumber: "+351910000000",
  networkId,
  deliveryMethods: ["PRINT"],
  expiration: { activationType: "Creation", duration: 1, unit: "Day" },
  maxDevices: 2,
});

/** A DPSK passphrase (createDpskPassphrase) for a client MAC. */
export const dpskBody = (networkId?: string, mac = "aa:bb:cc:dd:ee:01") => ({
  mac,
  ...(networkId ? { networkId } : {}),
  passphrase: "dpsk-passphrase-1",
});

/** A DPSK network whose WLAN uses WPA-personal security (createDpskPassphrase needs a passphrase for it). */
export const dpskNetworkBody = (name = "Residents") => ({
  name,
  type: "dpsk",
  wlan: { wlanSecurity: "WPA2Personal", passphraseBackup: "backup-passphrase" },
  dpskGenerationParams: { passphraseLength: 12, passphraseFormatEnum: "KEYBOARD_FRIENDLY" },
});

/** A switch VLAN (createVlan body, an createSwitchProfile vlans entry). */
export const vlanBody = (vlanId = 10, vlanName = `VLAN ${vlanId}`) => ({ vlanId, vlanName });

/** A switch profile (createSwitchProfile body). */
export const switchProfileBody = (name = "Campus switches", vlans: unknown[] = []) => ({
  name,
  description: "Access layer",
  vlans,
});

// Switches
/** The n-th test switch serial number under the API documentation's ID rule (FEK3224R0A + one of 0-9, A-H). */
export const switchSerial = (n: number) => `FEK3224R0A${"0123456789ABCDEFGH"[n % 18]}`;

/** A switch (createSwitch body) in a venue. */
export const switchBody = (venueId: string, n: number, name = `Switch ${n}`) => ({
  id: switchSerial(n),
  venueId,
  name,
});

/** An ACL (createAcl body). */
export const aclBody = (name = "guests-in", aclType: "standard" | "extended" = "extended") => ({
  name,
  aclType,
  aclRules: [
    {
      sequence: 10,
      action: "permit",
      protocol: "ip",
      source: "10.0.0.0/8",
      ...(aclType === "extended" ? { destination: "any", destinationPort: 443 } : {}),
    },
  ],
});
