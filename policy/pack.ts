// The policy pack's program: what `pulumi preview --policy-pack node_modules/pulumi-nms/policy` runs
// (through policy/index.js). PolicyPack serves the rules over the engine's Analyzer protocol; its
// version is policy/package.json's, which a test holds to the package's.
import { PolicyPack } from "@pulumi/policy";
import { policies } from "./policies";

new PolicyPack("pulumi-nms", { policies });
