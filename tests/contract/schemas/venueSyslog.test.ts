// contract/schemas/venueSyslog.ts: the defaults of each Wi-Fi API variant.
import { venueSyslogDefaults } from "../../../contract";

test("the two syslog defaults differ in the priority only", () => {
  const { priority: older, ...restOlder } = venueSyslogDefaults("older");
  const { priority: newer, ...restNewer } = venueSyslogDefaults("newer");
  expect([older, newer]).toEqual(["ERROR", "INFO"]);
  expect(restOlder).toEqual(restNewer);
});
