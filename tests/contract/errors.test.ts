// The error catalogue: statuses, and the codes the API documentation gives for the implemented
// operations.
import { ERROR_CODES, DOCUMENTED_ERROR_CODES, statusOfCode } from "../../contract";
import { ApiError, valueAtPath } from "../../emulator/model/errors";

test("every code maps to one of the statuses the service uses", () => {
  const statuses = new Set(Object.keys(ERROR_CODES).map(statusOfCode));
  for (const status of statuses) expect([400, 401, 402, 403, 404, 409, 422, 423, 429, 500]).toContain(status);
});

test("the Wi-Fi network codes of the Wi-Fi API documentation are validation errors (422)", () => {
  for (const code of [
    "WIFI-10100",
    "WIFI-10101",
    "WIFI-10103",
    "WIFI-10104",
    "WIFI-10105",
    "WIFI-10106",
    "WIFI-10107",
  ]) {
    expect(code in DOCUMENTED_ERROR_CODES).toBe(true);
    expect(statusOfCode(code)).toBe(422);
  }
});

test("an unknown code (from an injected fault) is a 500", () => {
  expect(new ApiError("SWITCH-10000").status).toBe(500);
});

test("an error entry never carries the value of a secret field", () => {
  for (const object of ["wlan.passphrase", "authRadius.primary.sharedSecret", "wlan.wepHexKey", "password"]) {
    expect(new ApiError("NMS-VALIDATION", { object, value: "s3cret" }).entries[0]).not.toHaveProperty("value");
  }
  expect(new ApiError("NMS-VALIDATION", { object: "wlan.vlanId", value: 0 }).entries[0].value).toBe(0);
});

test("values are found at the paths validateBody reports", () => {
  const body = { a: { b: [{ c: 1 }, { c: 2 }] } };
  expect(valueAtPath(body, "a.b[1].c")).toBe(2);
  expect(valueAtPath(body, "a.x.c")).toBeUndefined();
  expect(valueAtPath(body, "")).toBe(body);
});

test.each([
  ["ENT-10003", 402],
  ["WIFI-10120", 409],
  ["APR-10130", 409],
  ["WIFI-10114", 422],
  ["WIFI-10110", 422],
  ["WIFI-10111", 422],
  ["WIFI-10112", 422],
  ["WIFI-10102", 422],
])("the API documentation's code %s has the status of its category (%i)", (code, status) => {
  expect(code in DOCUMENTED_ERROR_CODES).toBe(true);
  expect(statusOfCode(code)).toBe(status);
});

test.each([
  ["NMS-MISSING-HEADER", 400],
  ["NMS-TENANT-HEADER-MISMATCH", 403],
  ["NMS-NOT-IN-VARIANT", 404],
])("the project's code %s answers %i", (code, status) => {
  expect(code in DOCUMENTED_ERROR_CODES).toBe(false);
  expect(statusOfCode(code)).toBe(status);
});
