// One reference page per SDK function, from its row of the function table: its parameters, its
// result, whether it runs during preview, and the operation it calls.
import { routeOf } from "../../contract/routes";
import type { FunctionSpec } from "../../provider/functions";
import { sentence } from "../sdkgen/docs";
import { fieldRows } from "./fieldRows";
import { DOCS_HEADER, fieldTable, operationText } from "./resourcePage";

export function functionPage(spec: FunctionSpec): string {
  const type = spec.name[0].toUpperCase() + spec.name.slice(1);
  const args = fieldRows(spec.args("newer"), { older: spec.args("older") });
  const optionalArgs = args.every((row) => !row.required || row.path.includes("."));
  const argList = args.length === 0 ? "" : `args${optionalArgs ? "?" : ""}: ${type}Args, `;
  const outputArgList = args.length === 0 ? "" : `args${optionalArgs ? "?" : ""}: ${type}OutputArgs, `;
  const result = spec.runsInPreview ? `${type}Result` : `ActionOutcome<${type}Result>`;

  let text = DOCS_HEADER + `# ${spec.name}\n\n${sentence(spec.description)}\n\n[index](../index.md)\n\n`;
  text += "```ts\n";
  text += `nms.${spec.name}(${argList}opts?: pulumi.InvokeOptions): Promise<${result}>\n`;
  text += `nms.${spec.name}Output(${outputArgList}opts?: pulumi.InvokeOutputOptions): pulumi.Output<${result}>\n`;
  text += "```\n\n";
  text += `- Operation: ${operationText(spec.op)} ${routeOf(spec.op).summary}${routeOf(spec.op).variant === "newer" ? " (newer Wi-Fi API variant only)" : ""}.\n`;
  text += spec.runsInPreview
    ? "- During preview: **runs** (it only reads the service).\n"
    : "- During preview: **never runs** (an action changes the service): the Promise form resolves to `{ ran: false, reason }` and the Output form is unknown. Its arguments are still checked. When it runs, the result comes with `ran: true`.\n";
  text += spec.returns === "list" ? "- Returns every item of the list, read page by page, as an array.\n" : "- Returns one object.\n";
  text += "- Runs in the program's process with the `nms:*` configuration (or the `NMS_*` environment variables) and puts nothing in state.\n\n";

  text += "## Parameters\n\n";
  text += args.length === 0 ? "None.\n\n" : `Checked before any call; an unknown argument is refused.\n\n${fieldTable(args, false, "Parameter")}\n`;
  text += `## Result\n\n${spec.returns === "list" ? "Each item of the array:" : "An object:"}\n\n`;
  const rows = fieldRows(spec.result, { output: true });
  text += rows.length === 0 ? "No fields.\n" : fieldTable(rows, true);
  if (spec.result._def.unknownKeys === "passthrough") text += "\nThe service may answer more fields than these; they are passed on as they are.\n";
  return text;
}
