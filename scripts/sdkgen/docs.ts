// Doc comment text for the generated SDK: the rules a schema checks, read from its checks, and
// comment formatting.
import { z } from "zod";

const WIDTH = 110;

/** A sentence: capital first letter, final period. */
export function sentence(text: string): string {
  const trimmed = text.trim();
  if (trimmed === "") return trimmed;
  const capital = trimmed[0].toUpperCase() + trimmed.slice(1);
  return /[.!?]\)?$/.test(capital) ? capital : `${capital}.`;
}

/**
 * What a string, number or array schema checks, in its own words (the messages the contract gives
 * its checks), or said plainly when a check has no message. Refinements (.refine) cannot be read
 * back from a schema; their rule belongs in the field's .describe().
 */
export function rulesOf(core: z.ZodTypeAny): string[] {
  const rules: string[] = [];
  if (core instanceof z.ZodString) {
    for (const check of core._def.checks) rules.push(check.message ?? stringRule(check));
  } else if (core instanceof z.ZodNumber) {
    for (const check of core._def.checks) rules.push(check.message ?? numberRule(check));
  } else if (core instanceof z.ZodArray) {
    const { minLength, maxLength, exactLength } = core._def;
    if (exactLength) rules.push(exactLength.message ?? `must hold exactly ${exactLength.value} items`);
    if (minLength) rules.push(minLength.message ?? `must hold at least ${minLength.value} items`);
    if (maxLength) rules.push(maxLength.message ?? `must hold at most ${maxLength.value} items`);
  }
  // "is required" is said by the type; a range's two checks share one message.
  return [...new Set(rules)].filter((rule) => rule !== "" && rule !== "is required");
}

function stringRule(check: z.ZodStringCheck): string {
  switch (check.kind) {
    case "min":
      return `must be at least ${check.value} characters`;
    case "max":
      return `must be at most ${check.value} characters`;
    case "length":
      return `must be exactly ${check.value} characters`;
    case "regex":
      return `must match ${check.regex}`;
    case "datetime":
      return "must be an ISO 8601 date-time";
    case "email":
    case "url":
    case "uuid":
    case "ip":
      return `must be ${check.kind === "ip" ? "an IP address" : `a ${check.kind === "email" ? "email address" : check.kind.toUpperCase()}`}`;
    default:
      return "";
  }
}

function numberRule(check: z.ZodNumberCheck): string {
  switch (check.kind) {
    case "int":
      return "must be an integer";
    case "min":
      return `must be ${check.inclusive ? "at least" : "greater than"} ${check.value}`;
    case "max":
      return `must be ${check.inclusive ? "at most" : "less than"} ${check.value}`;
    case "multipleOf":
      return `must be a multiple of ${check.value}`;
    default:
      return "";
  }
}

/**
 * A doc comment at `indent` from sentences: one line when it fits, wrapped otherwise; a sentence
 * that starts with "\n" starts a new paragraph. "" for no text.
 */
export function docComment(sentences: readonly string[], indent: string): string {
  const paragraphs: string[][] = [];
  for (const text of sentences) {
    if (text.trim() === "") continue;
    if (paragraphs.length === 0 || text.startsWith("\n")) paragraphs.push([]);
    paragraphs[paragraphs.length - 1].push(escape(text.trim()));
  }
  if (paragraphs.length === 0) return "";
  const single = `${indent}/** ${paragraphs[0].join(" ")} */`;
  if (paragraphs.length === 1 && single.length <= WIDTH) return `${single}\n`;
  const lines = paragraphs.flatMap((paragraph, i) => [...(i > 0 ? [""] : []), ...wrap(paragraph.join(" "), WIDTH - indent.length - 3)]);
  return `${indent}/**\n${lines.map((line) => (line ? `${indent} * ${line}` : `${indent} *`)).join("\n")}\n${indent} */\n`;
}

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  // Code in backticks is never broken across lines.
  for (const word of text.match(/\S*`[^`]*`\S*|\S+/g) ?? []) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

function escape(text: string): string {
  return text.replace(/\*\//g, "*\\/");
}
