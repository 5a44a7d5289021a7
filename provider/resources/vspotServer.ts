import { vspotServerInputSchemaFor } from "../../contract/schemas/vspot";
import { resourceSpec } from "../spec";
import { listedByName } from "./find";

export const vspotServerSpec = resourceSpec({
  kind: "VspotServer",
  description:
    "A vSPoT server and the venues it serves: by venue ID in the newer variant of the Wi-Fi API, by venue name in " +
    "the older. The password is a secret.",
  inputSchema: vspotServerInputSchemaFor,
  identity: { idParam: "vspotId" },
  ops: { create: "createVspot", read: "getVspot", update: "updateVspot", delete: "deleteVspot" },
  destroy: "delete",
  readFromList: { op: "listVspots" },
  ...listedByName("listVspots", { name: { serverName: "serverName" } }),
});
