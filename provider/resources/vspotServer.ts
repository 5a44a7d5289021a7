import { vspotServerInputSchemaFor } from "../../contract/schemas/vspot";
import { resourceSpec } from "../spec";
import { listedByName } from "./find";

export const vspotServerSpec = resourceSpec({
  kind: "VspotServer",
  description:
    "A vSPoT server (W86–W90) and the venues it serves: by venue ID in the newer variant of the Wi-Fi API, by venue name in " +
    "the older. The password is a secret.",
  inputSchema: vspotServerInputSchemaFor,
  identity: { idParam: "vspotId" },
  ops: { create: "W87", read: "W88", update: "W89", delete: "W90" },
  destroy: "delete",
  readFromList: { op: "W86" },
  ...listedByName("W86", { name: { serverName: "serverName" } }),
});
