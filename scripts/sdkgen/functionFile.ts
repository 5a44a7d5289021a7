// The SDK's functions, from the function table (provider/functions/index.ts): for each, the
// argument and result types and the two forms Pulumi's own packages have, getX (a Promise) and
// getXOutput (an Output, taking Inputs).
import type { z } from "zod";
import { holdsSecret, objectOf } from "../../contract/meta";
import { routeOf } from "../../contract/routes";
import { argsOf, describeArgForms, type FunctionSpec } from "../../provider/functions";
import { docComment } from "./docs";
import { printField, printValue } from "./printType";
import { GENERATED_HEADER, typeImports } from "./resourceFile";
import type { SharedTypes } from "./sharedTypes";

/** One file per function, named after it, as Pulumi's own packages have. */
export function functionFile(spec: FunctionSpec, names?: SharedTypes): string {
  const imports = `{ ${spec.runsInPreview ? "" : "type ActionOutcome, "}invokeFunction, invokeFunctionOutput }`;
  const body = functionBlock(spec, names);
  return (
    GENERATED_HEADER +
    `import type * as pulumi from "@pulumi/pulumi";\n` +
    `import ${imports} from "../invoke";\n` +
    typeImports(body) +
    body
  );
}

function functionBlock(spec: FunctionSpec, names: SharedTypes | undefined): string {
  const type = spec.name[0].toUpperCase() + spec.name.slice(1);
  // Its own arguments and tenantId, which every function takes (argsOf).
  const newer = objectOf(argsOf(spec, "newer")).shape as Record<string, z.ZodTypeAny>;
  const older = objectOf(argsOf(spec, "older")).shape as Record<string, z.ZodTypeAny>;
  const keys = Object.keys(newer);
  const argFields = (mode: "args" | "input") =>
    keys.map((key) => printField({ key, schema: newer[key], mode, indent: "  ", older: older[key], names })).join("");
  const optionalArgs = keys.every((key) => newer[key].isOptional());

  const item = spec.returns === "list" ? `${type}Item` : `${type}Result`;
  let text = "\n";
  if (keys.length > 0) {
    text +=
      docComment([`The arguments of ${spec.name}.`], "") + `export interface ${type}Args {\n${argFields("args")}}\n\n`;
    text +=
      docComment([`The arguments of ${spec.name}Output: each may be an Output.`], "") +
      `export interface ${type}OutputArgs {\n${argFields("input")}}\n\n`;
  }
  const resultDoc = spec.returns === "list" ? `One item of what ${spec.name} returns.` : `What ${spec.name} returns.`;
  const result = printValue(spec.result, "output", "", undefined, `${spec.name} result`, names);
  text +=
    docComment([resultDoc], "") +
    (result.startsWith("{") ? `export interface ${item} ${result}\n` : `export type ${item} = ${result};\n`);
  if (spec.returns === "list")
    text += `\n/** What ${spec.name} returns: every item. */\nexport type ${type}Result = ${item}[];\n`;
  const returned = spec.runsInPreview ? `${type}Result` : `ActionOutcome<${type}Result>`;

  const argsParam = keys.length === 0 ? "" : `args${optionalArgs ? "?" : ""}: ${type}Args, `;
  const outputArgsParam = keys.length === 0 ? "" : `args${optionalArgs ? "?" : ""}: ${type}OutputArgs, `;
  const passed = keys.length === 0 ? "undefined" : "args";
  text += `\n${docComment(functionDoc(spec, "promise", keys.length > 0), "")}`;
  text += `export function ${spec.name}(${argsParam}opts?: pulumi.InvokeOptions): Promise<${returned}> {\n`;
  text += `  return invokeFunction(${JSON.stringify(spec.name)}, ${passed}, opts);\n}\n`;
  text += `\n${docComment(functionDoc(spec, "output", keys.length > 0), "")}`;
  text += `export function ${spec.name}Output(${outputArgsParam}opts?: pulumi.InvokeOutputOptions): pulumi.Output<${returned}> {\n`;
  const secret = holdsSecret(spec.result) ? ", secret: true" : "";
  text += `  return invokeFunctionOutput(${JSON.stringify(spec.name)}, ${passed}, opts, { runsInPreview: ${spec.runsInPreview}${secret} });\n}\n`;
  return text;
}

function functionDoc(spec: FunctionSpec, form: "promise" | "output", hasArgs: boolean): string[] {
  const route = routeOf(spec.op);
  const doc = [spec.description, `Operation: ${spec.op}.`];
  for (const call of spec.otherCalls ?? []) {
    const how = call.findBy
      ? `the object whose ${call.findBy.field} is the argument ${call.findBy.arg}, found in `
      : "";
    doc.push(`With ${call.given.join(" and ")}: ${how}${call.op}.`);
  }
  if (spec.argForms) doc.push(`Give ${describeArgForms(spec.argForms)}.`);
  if (spec.returns === "list")
    doc.push(route.paging ? "Returns every item: the list is read page by page." : "Returns every item of the answer.");
  if (holdsSecret(spec.result)) {
    doc.push(
      form === "output"
        ? "The result holds secrets: the Output is secret."
        : "The result holds secrets, in plain text here: use the Output form to keep them secret.",
    );
  }
  doc.push(
    "\nRuns in the program's process with the `nms:*` configuration (or the `NMS_*` environment variables), shares one client with every other function call of the program, and puts nothing in state.",
  );
  if (hasArgs) doc.push("Arguments are checked before any call.");
  if (spec.runsInPreview) {
    doc.push("Runs during preview too.");
  } else if (form === "promise") {
    doc.push(
      "\nNever runs during preview: it then resolves to `{ ran: false, reason }`. When it runs, it resolves to `{ ran: true, ... }` with the result.",
    );
  } else {
    doc.push(
      "\nNever runs during preview: the Output is then unknown. When it runs, its value is `{ ran: true, ... }` with the result.",
    );
  }
  if (form === "output")
    doc.push(`Runs once ${hasArgs ? "every argument and " : ""}every resource of \`dependsOn\` is known.`);
  return doc;
}
