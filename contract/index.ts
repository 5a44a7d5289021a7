// The wire: the route table, the error catalogue, field rules and how a body is checked.
export * from "./routes";
export * from "./errors";
export * from "./validators";
export * from "./validate";
export * from "./meta";
export * from "./secretFields";
export * from "./requestRecord";
export * from "./schemas/envelopes";
export * from "./schemas/requestRecord";
// Account and venues
export * from "./schemas/tenant";
export * from "./schemas/account";
export * from "./schemas/venue";
export * from "./schemas/floorPlan";
// Wi-Fi: access points, AP groups, venue Wi-Fi settings
export * from "./schemas/ap";
export * from "./schemas/apSettings";
export * from "./schemas/deviceFunctions";
export * from "./schemas/apGroup";
export * from "./schemas/venueWifiSettings";
export * from "./schemas/venueRadio";
export * from "./schemas/venueSyslog";
// Wi-Fi: networks and their activations, clients, guests, services
export * from "./schemas/network";
export * from "./schemas/networkVenue";
export * from "./schemas/wifiClient";
export * from "./schemas/devicePolicy";
export * from "./schemas/guestUser";
export * from "./schemas/guestImport";
export * from "./schemas/dpsk";
export * from "./schemas/recoveryPsk";
export * from "./schemas/vspot";
export * from "./schemas/wifiCalling";
// Switches
export * from "./schemas/switch";
export * from "./schemas/switchPort";
export * from "./schemas/switchProfile";
export * from "./schemas/venueSwitchSettings";
export * from "./schemas/switchActions";
