/**
 * A resource's properties as protobuf bytes (google.protobuf.Struct), written straight from the wire-form values.
 * The engine is Go; the harness marshals in the same thread that serves the program's registrations, and building
 * google-protobuf's Struct objects for every Analyze and for the AnalyzeStack of the whole stack was most of the CPU
 * the policy packs cost the harness. The bytes are those google-protobuf writes (map keys sorted, as its Map does;
 * tests/harness/policy/wire.test.ts compares them), appended to the rest of a request that google-protobuf serialized:
 * a protobuf message may carry its fields in any order.
 */
import type { PropertyMap, PropertyValue } from "../props";

const LENGTH_DELIMITED = 2;
const VARINT = 0;
const FIXED64 = 1;

/** Struct.fields (1); Value: null_value (1), number_value (2), string_value (3), bool_value (4), struct_value (5),
 * list_value (6); ListValue.values (1). */
const STRUCT_FIELDS = 1;
const NULL_VALUE = 1;
const NUMBER_VALUE = 2;
const STRING_VALUE = 3;
const BOOL_VALUE = 4;
const STRUCT_VALUE = 5;
const LIST_VALUE = 6;
const MAP_KEY = 1;
const MAP_VALUE = 2;

/** A growing byte buffer; a length-delimited field is written into a nested writer, then copied with its length. */
class Writer {
  private buf = Buffer.allocUnsafe(256);
  length = 0;

  private room(n: number): void {
    if (this.length + n <= this.buf.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.length + n));
    this.buf.copy(bigger, 0, 0, this.length);
    this.buf = bigger;
  }

  varint(n: number): void {
    this.room(10);
    while (n > 0x7f) {
      this.buf[this.length++] = (n & 0x7f) | 0x80;
      n = Math.floor(n / 128);
    }
    this.buf[this.length++] = n;
  }

  tag(field: number, wireType: number): void {
    this.varint((field << 3) | wireType);
  }

  double(field: number, n: number): void {
    this.tag(field, FIXED64);
    this.room(8);
    this.buf.writeDoubleLE(n, this.length);
    this.length += 8;
  }

  string(field: number, s: string): void {
    this.tag(field, LENGTH_DELIMITED);
    const n = Buffer.byteLength(s);
    this.varint(n);
    this.room(n);
    this.buf.write(s, this.length, "utf8");
    this.length += n;
  }

  bytes(field: number, w: Writer): void {
    this.tag(field, LENGTH_DELIMITED);
    this.varint(w.length);
    this.room(w.length);
    w.buf.copy(this.buf, this.length, 0, w.length);
    this.length += w.length;
  }

  done(): Uint8Array {
    return this.buf.subarray(0, this.length);
  }
}

function writeValue(w: Writer, v: PropertyValue): void {
  if (v === null) {
    w.tag(NULL_VALUE, VARINT);
    w.varint(0);
  } else if (typeof v === "number") w.double(NUMBER_VALUE, v);
  else if (typeof v === "string") w.string(STRING_VALUE, v);
  else if (typeof v === "boolean") {
    w.tag(BOOL_VALUE, VARINT);
    w.varint(v ? 1 : 0);
  } else if (Array.isArray(v)) {
    const list = new Writer();
    for (const x of v) {
      const item = new Writer();
      writeValue(item, x);
      list.bytes(1, item);
    }
    w.bytes(LIST_VALUE, list);
  } else w.bytes(STRUCT_VALUE, structWriter(v));
}

function structWriter(m: PropertyMap): Writer {
  const w = new Writer();
  for (const key of Object.keys(m).sort()) {
    const entry = new Writer();
    entry.string(MAP_KEY, key);
    const value = new Writer();
    writeValue(value, m[key]);
    entry.bytes(MAP_VALUE, value);
    w.bytes(STRUCT_FIELDS, entry);
  }
  return w;
}

/** `message` (serialized, without the field) with `field` set to `properties` as a Struct. */
export function withStructField(message: Uint8Array, field: number, properties: PropertyMap): Uint8Array {
  const w = new Writer();
  w.bytes(field, structWriter(properties));
  return Buffer.concat([message, w.done()]);
}

/** A repeated message field of serialized messages. */
export function repeatedField(field: number, messages: readonly Uint8Array[]): Uint8Array {
  const parts: Uint8Array[] = [];
  for (const m of messages) {
    const w = new Writer();
    w.tag(field, LENGTH_DELIMITED);
    w.varint(m.length);
    parts.push(w.done(), m);
  }
  return Buffer.concat(parts);
}
