// The one parser of user-given JSON and YAML: a fault is named by its source, line and column, and
// nothing of the text is in the message; the scanner that finds V8's unlocated faults agrees with
// JSON.parse on what is JSON.
import fc from "fast-check";
import * as yaml from "js-yaml";
import { jsonFaultOffset, parseJsonText, parseYamlText, TextParseError } from "../../contract/textParsing";

const SECRET = "Hunter2-S3cret";

function messageOf(parse: () => unknown): string {
  try {
    parse();
  } catch (error) {
    expect(error).toBeInstanceOf(TextParseError);
    return (error as Error).message;
  }
  throw new Error("parsed");
}

test.each([
  [`{"nms:password": ${SECRET}}`, "line 1, column 18"],
  [`{\n  "key": "${SECRET}",\n}`, "line 3, column 1"],
  [`{"key": "${SECRET}`, "line 1, column 24"],
  [`{"key": "${SECRET}"} ${SECRET}`, "line 1, column 27"],
  [`["${SECRET}\\q"]`, "line 1, column 18"],
  ["", "line 1, column 1"],
])("JSON %j is named by line and column alone", (text, where) => {
  expect(messageOf(() => parseJsonText(text, "SOURCE"))).toBe(`SOURCE: not valid JSON at ${where}`);
});

test("YAML is named by js-yaml's mark, 1-based, without its code frame", () => {
  const message = messageOf(() => parseYamlText(yaml.load, `a: 1\nkey: "${SECRET}\n`, "FILE"));
  expect(message).toBe("FILE: not valid YAML at line 3, column 1");
  expect(messageOf(() => parseYamlText(yaml.load, `a: 1\n b: ${SECRET}\n`, "FILE"))).not.toContain(SECRET);
});

test("the scanner finds no fault in any JSON, and one in every text JSON.parse refuses", () => {
  fc.assert(
    fc.property(fc.jsonValue(), fc.nat(), fc.string({ maxLength: 3 }), (value, cut, inserted) => {
      const text = JSON.stringify(value, null, cut % 2 === 0 ? undefined : 1);
      expect(jsonFaultOffset(text)).toBeUndefined();
      const at = cut % (text.length + 1);
      const damaged = text.slice(0, at) + inserted + text.slice(at + 1);
      let parses = true;
      try {
        JSON.parse(damaged);
      } catch {
        parses = false;
      }
      expect(jsonFaultOffset(damaged) === undefined).toBe(parses);
    }),
    { numRuns: 2000 },
  );
});
