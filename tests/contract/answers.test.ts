// Every operation of the route table, driven once per Wi-Fi API variant against the emulator,
// with each success answer read the way a generated client would: against the contract's read
// schema, or the stricter form of tests/support/answerChecks.ts where the emulator must fill more
// (each family's *Answers.ts says which), with no fields the read form does not
// know. Every async write's request record is read too, and must be SUCCESS and name the
// operation's service.
import type { z } from "zod";
import type { OperationName, WifiApiVariant } from "../../contract";
import { accountAnswerSchemas } from "./accountAnswers";
import { describeEveryOperation } from "./answerHarness";
import { beyondDocumentsAnswerSchemas } from "./beyondDocumentsAnswers";
import { networkAnswerSchemas } from "./networkAnswers";
import { switchAnswerSchemas } from "./switchAnswers";
import { wifiDeviceAnswerSchemas } from "./wifiDeviceAnswers";
import { wifiServiceAnswerSchemas } from "./wifiServiceAnswers";

/** The whole success answer of each operation, for a tenant of the variant. */
function answerSchemas(variant: WifiApiVariant): Record<OperationName, z.ZodTypeAny> {
  return {
    ...accountAnswerSchemas(),
    ...wifiDeviceAnswerSchemas(),
    ...networkAnswerSchemas(variant),
    ...wifiServiceAnswerSchemas(),
    ...beyondDocumentsAnswerSchemas(),
    ...switchAnswerSchemas(),
  } satisfies Record<OperationName, z.ZodTypeAny>;
}

describeEveryOperation({ schemas: answerSchemas });
