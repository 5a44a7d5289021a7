// One reference page per SDK function, from its row of the function table: its parameters, its
// result, whether it runs during preview, and the operation it calls.
import { holdsSecret } from "../../contract/meta";
import { routeOf } from "../../contract/routes";
import { argsOf, describeArgForms, type FunctionSpec } from "../../provider/functions";
import { sentence } from "../sdkgen/docs";
import { fieldRows } from "./fieldRows";
import { wrapMarkdown } from "./markdown";
import { DOCS_HEADER, fieldList, operationText } from "./resourcePage";

export function functionPage(spec: FunctionSpec): string {
  const type = spec.name[0].toUpperCase() + spec.name.slice(1);
  const args = fieldRows(argsOf(spec, "newer"), { older: argsOf(spec, "older") });
  const optionalArgs = args.every((row) => !row.required || row.path.includes("."));
  const argList = args.length === 0 ? "" : `args${optionalArgs ? "?" : ""}: ${type}Args, `;
  const outputArgList = args.length === 0 ? "" : `args${optionalArgs ? "?" : ""}: ${type}OutputArgs, `;
  const result = spec.runsInPreview ? `${type}Result` : `ActionOutcome<${type}Result>`;

  let text = DOCS_HEADER + `# ${spec.name}\n\n${sentence(spec.description)}\n\n[index](../index.md)\n\n`;
  text += "```ts\n";
  text += `nms.${spec.name}(${argList}opts?: pulumi.InvokeOptions): Promise<${result}>\n`;
  text += `nms.${spec.name}Output(${outputArgList}opts?: pulumi.InvokeOutputOptions): pulumi.Output<${result}>\n`;
  text += "```\n\n";
  const calls = spec.otherCalls ?? [];
  const fixed = spec.fixedQuery ? ` with ${queryText(spec.fixedQuery)}` : "";
  text += `- Operation: ${operationText(spec.op)} ${routeOf(spec.op).summary}${fixed}${newerOnly(spec.op)}${calls.length > 0 ? ", unless the arguments pick another call" : ""}.\n`;
  for (const call of calls) {
    const how = call.findBy
      ? `the one object whose \`${call.findBy.field}\` equals \`${call.findBy.arg}\`, found in `
      : "";
    const query = call.query ? ` with ${queryText(call.query)}` : "";
    text += `- With ${call.given.map((name) => `\`${name}\``).join(" and ")}: ${how}${operationText(call.op)} ${routeOf(call.op).summary}${query}${newerOnly(call.op)}.`;
    text += call.findBy ? " No such object, or more than one, is an error naming the value.\n" : "\n";
  }
  if (spec.argForms) text += `- Arguments: give ${describeArgForms(spec.argForms, (name) => `\`${name}\``)}.\n`;
  text += spec.runsInPreview
    ? "- During preview: **runs** (it only reads the service).\n"
    : "- During preview: **never runs** (an action changes the service): the Promise form resolves to `{ ran: false, reason }` and the Output form is unknown. Its arguments are still checked. When it runs, the result comes with `ran: true`.\n";
  if (spec.returns === "one") text += "- Returns one object.\n";
  else
    text += routeOf(spec.op).paging
      ? "- Returns every item of the list, read page by page, as an array.\n"
      : "- Returns every item of the answer, as an array.\n";
  if (holdsSecret(spec.result)) {
    text +=
      "- The result holds secrets (marked below): the Output form is secret, as Pulumi marks an invoke whose answer holds one; the Promise form gives them in plain text.\n";
  }
  text +=
    "- Runs in the program's process with the `nms:*` configuration (or the `NMS_*` environment variables) and puts nothing in state.\n\n";

  text += "## Parameters\n\n";
  text +=
    args.length === 0
      ? "None.\n\n"
      : `Checked before any call; an unknown argument is refused.\n\n${fieldList(args, false)}\n`;
  text += `## Result\n\n${spec.returns === "list" ? "Each item of the array:" : "An object:"}\n\n`;
  const rows = fieldRows(spec.result, { output: true });
  text += rows.length === 0 ? "No fields.\n" : fieldList(rows, true);
  if (spec.result._def.unknownKeys === "passthrough")
    text += "\nThe service may answer more fields than these; they are passed on as they are.\n";
  return wrapMarkdown(text);
}

function newerOnly(op: FunctionSpec["op"]): string {
  return routeOf(op).variant === "newer" ? " (newer Wi-Fi API variant only)" : "";
}

function queryText(query: NonNullable<FunctionSpec["fixedQuery"]>): string {
  return Object.entries(query)
    .map(([key, value]) => `${key}=${String(value)}`)
    .join("&");
}
