// Every operation of the route table, driven once per Wi-Fi API variant against the emulator,
// with each success answer read the way a generated client would: against the contract's read
// schema, or the stricter form of tests/support/answerChecks.ts where the emulator must fill more
// (coreAnswers.ts and the families' *Answers.ts say which), with no fields the read form does not
// know. Every async write's request record is read too, and must be SUCCESS and name the
// operation's service.
import { answerSchemas } from "./coreAnswers";
import { describeEveryOperation } from "./answerHarness";

describeEveryOperation({ schemas: answerSchemas });
