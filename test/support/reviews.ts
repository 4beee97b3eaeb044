// Builds ConversionReviews and AdmissionReviews as the apiserver sends them, and calls our handlers with them.
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { Operation } from 'fast-json-patch';
import { handler as convert } from '../../functions/convert';
import { handler as mutate } from '../../functions/mutate';
import { handler as validate } from '../../functions/validate';
import { appliedStrictly } from '../../lib/kit/answer';
import { httpApiEvent } from './events';
import type { Json, JsonMap } from './karmada';

export interface ConversionResponse {
  uid: string;
  convertedObjects: JsonMap[];
  result: { status: 'Success' | 'Failure'; message?: string };
}

export function conversionReview(desiredAPIVersion: string, objects: Json[], uid: string = randomUUID()): JsonMap {
  return { apiVersion: 'apiextensions.k8s.io/v1', kind: 'ConversionReview', request: { uid, desiredAPIVersion, objects } };
}

/** The ConversionReview in a handler's answer; HTTP 200 and the envelope are checked as the apiserver checks them. */
export function conversionResponseOf(result: APIGatewayProxyStructuredResultV2): ConversionResponse {
  if (result.statusCode !== 200) throw new Error(`HTTP ${result.statusCode}`);
  const review = JSON.parse(result.body as string) as { apiVersion: string; kind: string; response: ConversionResponse };
  if (review.apiVersion !== 'apiextensions.k8s.io/v1' || review.kind !== 'ConversionReview') throw new Error('not a ConversionReview');
  return review.response;
}

export async function callConvert(body: unknown): Promise<ConversionResponse> {
  return conversionResponseOf(await convert(httpApiEvent({ routePath: '/convert', body })));
}

export interface AdmissionResponse {
  uid: string;
  allowed: boolean;
  status?: { code: number; reason?: string; message: string };
  patchType?: string;
  patch?: string;
  warnings?: string[];
}

export interface AdmissionInput {
  operation: string;
  group: string;
  version: string;
  kind: string;
  object?: Json;
  oldObject?: Json;
  name?: string;
  namespace?: string;
  uid?: string;
}

/** An AdmissionReview as kube-apiserver sends it (resource and userInfo included). */
export function admissionReview(input: AdmissionInput): JsonMap {
  const { group, version, kind } = input;
  const gvk = { group, version, kind };
  const resource = { group, version, resource: `${kind.toLowerCase()}s` };
  return {
    apiVersion: 'admission.k8s.io/v1',
    kind: 'AdmissionReview',
    request: {
      uid: input.uid ?? randomUUID(),
      kind: gvk,
      resource,
      requestKind: gvk,
      requestResource: resource,
      name: input.name ?? '',
      namespace: input.namespace ?? '',
      operation: input.operation,
      userInfo: { username: 'kubernetes-admin', groups: ['system:masters', 'system:authenticated'] },
      object: input.object ?? null,
      oldObject: input.oldObject ?? null,
      dryRun: false,
      options: null,
    },
  };
}

export function admissionResponseOf(result: APIGatewayProxyStructuredResultV2): AdmissionResponse {
  if (result.statusCode !== 200) throw new Error(`HTTP ${result.statusCode}`);
  const review = JSON.parse(result.body as string) as { apiVersion: string; kind: string; response: AdmissionResponse };
  if (review.apiVersion !== 'admission.k8s.io/v1' || review.kind !== 'AdmissionReview') throw new Error('not an AdmissionReview');
  return review.response;
}

export async function callAdmission(step: 'mutate' | 'validate', body: unknown): Promise<AdmissionResponse> {
  const handler = step === 'mutate' ? mutate : validate;
  return admissionResponseOf(await handler(httpApiEvent({ routePath: `/${step}`, body })));
}

/** The response's patch applied strictly, as the apiserver applies it; the object itself when there is none. */
export function patchedObject(object: Json, response: AdmissionResponse): Json {
  if (response.patch === undefined) return object;
  if (response.patchType !== 'JSONPatch') throw new Error(`patchType ${String(response.patchType)}`);
  const operations = JSON.parse(Buffer.from(response.patch, 'base64').toString('utf8')) as Operation[];
  return appliedStrictly(object, operations) as Json;
}
