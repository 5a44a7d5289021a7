// Doc comment text for the generated SDK: the rules a schema checks, read from its checks, and
// comment formatting.
import { z } from "zod";

const WIDTH = 110;

/**
 * A sentence: final period, and a capital first letter unless the first word is a value written as
 * code (one of `codeValues`, or true, false, null), which is then marked as code, as is every other
 * such value in the sentence ("`rstp`, `stp` or `none`."), or a word with a capital of its own (mDNS).
 */
export function sentence(text: string, codeValues: readonly string[] = []): string {
  const trimmed = text.trim();
  if (trimmed === "") return trimmed;
  const values = new Set([...codeValues, "true", "false", "null"]);
  const first = /^[^\s,.;:()`]+/.exec(trimmed)?.[0] ?? "";
  let start: string;
  if (values.has(first)) {
    start = trimmed.replace(/(^|[\s(])([^\s,.;:()`]+)(?=$|[\s,.;:)])/g, (whole, before: string, word: string) =>
      values.has(word) ? `${before}\`${word}\`` : whole,
    );
  } else if (/^.[^A-Z]*[A-Z]/.test(first)) {
    start = trimmed;
  } else {
    start = trimmed[0].toUpperCase() + trimmed.slice(1);
  }
  return /[.!?]\)?$/.test(start) ? start : `${start}.`;
}

/** The values of an enumeration or literal a field takes, which its doc writes as code. */
export function codeValuesOf(core: z.ZodTypeAny): string[] {
  if (core instanceof z.ZodEnum) return (core.options as unknown[]).map(String);
  if (core instanceof z.ZodLiteral) return [String(core.value)];
  if (core instanceof z.ZodNativeEnum) return Object.values(core.enum as Record<string, unknown>).map(String);
  if (core instanceof z.ZodArray) return codeValuesOf(core.element);
  if (core instanceof z.ZodUnion) return (core.options as z.ZodTypeAny[]).flatMap(codeValuesOf);
  if (core instanceof z.ZodOptional || core instanceof z.ZodNullable) return codeValuesOf(core.unwrap());
  if (core instanceof z.ZodDefault) return codeValuesOf(core.removeDefault());
  return [];
}

/**
 * The rules a field's description does not already state, so that each rule is said once: "2 to 32
 * characters" in the description says "must be 2 to 32 characters"; "VLAN number, 1 to 4094" says
 * "must be between 1 and 4094".
 */
export function rulesNotSaid(description: string, rules: readonly string[]): string[] {
  const said = description.toLowerCase();
  return rules.filter((rule) => {
    const text = rule.toLowerCase().replace(/\.$/, "");
    const stated = text.replace(/^must (be )?/, "");
    if (stated.length > 3 && said.includes(stated)) return false;
    // A number in the description: not part of a longer number.
    const number = (value: string) => `(?<![\\d.-])${escapeRegExp(value)}(?!\\d|\\.\\d)`;
    const range = /(?:between|from) (-?[\d.]+) and (-?[\d.]+)|(-?[\d.]+) to (-?[\d.]+)/.exec(text);
    if (range) {
      const [low, high] = range[1] !== undefined ? [range[1], range[2]] : [range[3], range[4]];
      return !new RegExp(`${number(low)} to ${number(high)}`).test(said);
    }
    const least = /at least (-?[\d.]+)$/.exec(text);
    if (least) return !new RegExp(`${number(least[1])} to -?\\d`).test(said);
    const most = /at most (-?[\d.]+)$/.exec(text);
    if (most) return !new RegExp(`\\d to ${number(most[1])}`).test(said);
    return true;
  });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
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

/** Letters whose English names begin with a vowel sound ("an SSID", "an NMS"), when an abbreviation is read by letter. */
const VOWEL_SOUND_LETTERS = new Set("AEFHILMNORSX");

/**
 * The word with "a" or "an" before it, by how it is said: "an ApGroup", "an IP address", "a URL", "a UserProfile",
 * "an SSID" (an abbreviation in capitals is read letter by letter), "a Venue".
 */
export function withArticle(word: string): string {
  let vowelSound: boolean;
  if (/^[A-Z]{2}/.test(word)) vowelSound = VOWEL_SOUND_LETTERS.has(word[0]);
  else {
    const lower = word.toLowerCase();
    // "u" said "you" (user, unique, URL-like words), "eu", "one": a consonant sound; a silent "h": a vowel sound.
    if (/^(u[bcfgklrst][aeiou]|uni|use|usu|uti|eu|one\b|once)/.test(lower)) vowelSound = false;
    else if (/^(hour|honest|honou?r|heir)/.test(lower)) vowelSound = true;
    else vowelSound = /^[aeiou]/.test(lower);
  }
  return `${vowelSound ? "an" : "a"} ${word}`;
}

function stringRule(check: z.ZodStringCheck): string {
  switch (check.kind) {
    case "min":
      return check.value === 1 ? "must not be empty" : `must be at least ${check.value} characters`;
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
      return `must be ${withArticle(check.kind === "ip" ? "IP address" : check.kind === "email" ? "email address" : check.kind.toUpperCase())}`;
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
    paragraphs[paragraphs.length - 1].push(closingCommentEscaped(text.trim()));
  }
  if (paragraphs.length === 0) return "";
  const single = `${indent}/** ${paragraphs[0].join(" ")} */`;
  if (paragraphs.length === 1 && single.length <= WIDTH) return `${single}\n`;
  const lines = paragraphs.flatMap((paragraph, i) => [
    ...(i > 0 ? [""] : []),
    ...wrap(paragraph.join(" "), WIDTH - indent.length - 3),
  ]);
  return `${indent}/**\n${lines.map((line) => (line ? `${indent} * ${line}` : `${indent} *`)).join("\n")}\n${indent} */\n`;
}

/**
 * Words of `text` in lines of at most `width` characters (a longer word stands alone). Code in
 * backticks is never broken across lines; a word `mayStartLine` refuses takes the word before it
 * to the next line.
 */
export function wrap(text: string, width: number, mayStartLine: (word: string) => boolean = () => true): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.match(/(?:[^\s`]+|`[^`]*`)+|\S+/g) ?? []) {
    if (line && line.length + 1 + word.length > width) {
      const lastSpace = line.lastIndexOf(" ");
      if (mayStartLine(word) || lastSpace < 0) {
        lines.push(line);
        line = word;
      } else {
        lines.push(line.slice(0, lastSpace));
        line = `${line.slice(lastSpace + 1)} ${word}`;
      }
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

function closingCommentEscaped(text: string): string {
  return text.replace(/\*\//g, "*\\/");
}
