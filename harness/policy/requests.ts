// The requests the harness sends a policy pack, as the engine marshals them (analyzer_plugin.go Analyze, Remediate,
// AnalyzeStack): each marshalled once, straight to protobuf bytes (wire.ts), and sent as is to every pack.
import * as structproto from "google-protobuf/google/protobuf/struct_pb";
import * as analyzerproto from "@pulumi/pulumi/proto/analyzer_pb";
import { type PropertyMap, sanitize } from "../props";
import { repeatedField, withStructField } from "./wire";

/** A resource as an analyzer sees it (plugin.AnalyzerResource / AnalyzerStackResource). */
export interface AnalyzedResource {
  urn: string;
  type: string;
  name: string;
  /** Wire form (props.ts): checked inputs for Analyze, outputs for AnalyzeStack. */
  properties: PropertyMap;
  options: {
    protect?: boolean;
    ignoreChanges: string[];
    deleteBeforeReplace?: boolean;
    additionalSecretOutputs: string[];
    aliases: string[];
    parent?: string;
  };
  provider?: { urn: string; type: string; name: string; properties: PropertyMap };
  /** AnalyzeStack only. */
  dependencies?: string[];
  propertyDependencies?: Record<string, string[]>;
}

function struct(m: PropertyMap): structproto.Struct {
  return structproto.Struct.fromJavaScript(sanitize(m) as Record<string, structproto.JavaScriptValue>);
}

/** The properties as the engine marshals them for an analyzer: internal keys ("__provider", "__nms...") left out. */
function withoutInternalKeys(m: PropertyMap): PropertyMap {
  return Object.fromEntries(Object.entries(m).filter(([k]) => !k.startsWith("__")));
}

/** AnalyzeRequest.properties and AnalyzerResource.properties (analyzer.proto). */
const PROPERTIES_FIELD = 2;
/** AnalyzeStackRequest.resources. */
const RESOURCES_FIELD = 1;

/**
 * `message` serialized with its properties, written straight to bytes (wire.ts); without the internal keys, as
 * Analyze and AnalyzeStack send them, unless `keepInternalKeys` (Remediate).
 */
function withProperties(
  message: { serializeBinary(): Uint8Array },
  properties: PropertyMap,
  keepInternalKeys = false,
): Uint8Array {
  const sent = keepInternalKeys ? properties : withoutInternalKeys(properties);
  return withStructField(message.serializeBinary(), PROPERTIES_FIELD, sanitize(sent) as PropertyMap);
}

/** A request marshalled once (analyzeRequest, analyzeStackRequest) and sent as is to every pack. */
export interface MarshalledRequest {
  bytes: Uint8Array;
  /** The resource an Analyze is about. */
  urn?: string;
}

function optionsProto(o: AnalyzedResource["options"]): analyzerproto.AnalyzerResourceOptions {
  const opts = new analyzerproto.AnalyzerResourceOptions();
  opts.setProtect(!!o.protect);
  opts.setIgnorechangesList(o.ignoreChanges);
  if (o.deleteBeforeReplace !== undefined) {
    opts.setDeletebeforereplace(o.deleteBeforeReplace);
    opts.setDeletebeforereplacedefined(true);
  }
  opts.setAdditionalsecretoutputsList(o.additionalSecretOutputs);
  opts.setAliasesList(o.aliases);
  opts.setCustomtimeouts(new analyzerproto.AnalyzerResourceOptions.CustomTimeouts());
  if (o.parent) opts.setParent(o.parent);
  return opts;
}

function providerProto(p: NonNullable<AnalyzedResource["provider"]>): analyzerproto.AnalyzerProviderResource {
  const provider = new analyzerproto.AnalyzerProviderResource();
  provider.setUrn(p.urn);
  provider.setType(p.type);
  provider.setName(p.name);
  provider.setProperties(struct(withoutInternalKeys(p.properties)));
  return provider;
}

/**
 * The Analyze request of one resource: marshalled once, when the engine hands it over, and sent as is to every
 * pack, so a pack that is still starting sees the inputs as they were then, without a copy kept to marshal later.
 */
export function analyzeRequest(r: AnalyzedResource): MarshalledRequest {
  return { bytes: withProperties(requestOf(r), r.properties), urn: r.urn };
}

/**
 * The Remediate request of one resource: Analyze's, with the internal keys kept (analyzer_plugin.go Remediate
 * marshals with SkipInternalKeys false).
 */
export function remediateRequest(r: AnalyzedResource): MarshalledRequest {
  return { bytes: withProperties(requestOf(r), r.properties, true), urn: r.urn };
}

function requestOf(r: AnalyzedResource): analyzerproto.AnalyzeRequest {
  return withResource(new analyzerproto.AnalyzeRequest(), r);
}

/** What an AnalyzeRequest and an AnalyzeStack request's AnalyzerResource both carry of a resource. */
function withResource<
  M extends {
    setUrn(urn: string): unknown;
    setType(type: string): unknown;
    setName(name: string): unknown;
    setOptions(options: ReturnType<typeof optionsProto>): unknown;
    setProvider(provider: ReturnType<typeof providerProto>): unknown;
  },
>(message: M, r: AnalyzedResource): M {
  message.setUrn(r.urn);
  message.setType(r.type);
  message.setName(r.name);
  message.setOptions(optionsProto(r.options));
  if (r.provider) message.setProvider(providerProto(r.provider));
  return message;
}

/** The AnalyzeStack request: every resource of the run, marshalled once for all the packs. */
export function analyzeStackRequest(resources: AnalyzedResource[]): MarshalledRequest {
  return {
    bytes: repeatedField(
      RESOURCES_FIELD,
      resources.map((r) => {
        const res = withResource(new analyzerproto.AnalyzerResource(), r);
        if (r.options.parent) res.setParent(r.options.parent);
        res.setDependenciesList(r.dependencies ?? []);
        for (const [k, urns] of Object.entries(r.propertyDependencies ?? {})) {
          if (urns.length === 0) continue;
          const deps = new analyzerproto.AnalyzerPropertyDependencies();
          deps.setUrnsList(urns);
          res.getPropertydependenciesMap().set(k, deps);
        }
        return withProperties(res, r.properties);
      }),
    ),
  };
}
