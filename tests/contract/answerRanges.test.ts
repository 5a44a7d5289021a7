// Every answer of every operation of the route table, for a tenant of each Wi-Fi API variant, read
// against the contract's answer form of the operation (emulator/operations/operationSchemas.ts, read through
// answerFormOf): every field with a documented default present, at any depth (a network's
// wlan.advancedCustomization, a venue's radio bands, its syslog, a guest portal), and every value
// inside its documented range (a radio's changeInterval 100 to 1440), as the service's generated
// clients validate them; no field the form does not know.
import { contractAnswerForms, describeEveryOperation } from "./answerHarness";

describeEveryOperation({ schemas: contractAnswerForms });
