// The convert, mutate and validate functions against their API Gateway event fixtures (valid and invalid), their
// transport rules, and the call log naming the review kind.
import { describe, expect, it, vi } from 'vitest';
import { handler as convert } from '../../functions/convert';
import { handler as mutate } from '../../functions/mutate';
import { handler as validate } from '../../functions/validate';
import { logger } from '../../lib/observability/call-record';
import { maxBodyBytes } from '../../lib/transport/http-api';
import { httpApiEvent, loadEvent } from '../support/events';
import type { JsonMap } from '../support/karmada';
import { captureLogs } from '../support/logs';
import { admissionResponseOf, conversionResponseOf, patchedObject } from '../support/reviews';

captureLogs();

function requestOf(name: string): JsonMap {
  return (JSON.parse(loadEvent(name).body!) as { request: JsonMap }).request;
}

describe('valid fixtures', () => {
  it('convert: a mixed list to v1alpha2, in order, alias and paused moved into spec', async () => {
    const response = conversionResponseOf(await convert(loadEvent('convert')));
    expect(response.uid).toBe(requestOf('convert').uid);
    expect(response.result).toEqual({ status: 'Success' });
    expect(response.convertedObjects.map((o) => [o.apiVersion, (o.metadata as JsonMap).name])).toEqual([
      ['workload.example.io/v1alpha2', 'nginx'],
      ['workload.example.io/v1alpha2', 'api'],
    ]);
    expect(response.convertedObjects[0]!.spec).toMatchObject({ alias: 'web', rollout: { paused: true } });
    expect((response.convertedObjects[0]!.metadata as JsonMap).annotations).toBeUndefined();
  });

  it('mutate: defaults spec.replicas with a patch that applies strictly', async () => {
    const response = admissionResponseOf(await mutate(loadEvent('mutate')));
    const request = requestOf('mutate');
    expect(response.uid).toBe(request.uid);
    expect(response.allowed).toBe(true);
    expect((patchedObject(request.object!, response) as { spec: JsonMap }).spec.replicas).toBe(1);
  });

  it('validate: allows a valid UPDATE that keeps the alias', async () => {
    const response = admissionResponseOf(await validate(loadEvent('validate')));
    expect(response).toEqual({ uid: requestOf('validate').uid, allowed: true });
  });
});

describe('invalid fixtures', () => {
  it('convert-invalid: a Failure naming the object and the field, no converted objects', async () => {
    const response = conversionResponseOf(await convert(loadEvent('convert-invalid')));
    expect(response.uid).toBe(requestOf('convert-invalid').uid);
    expect(response.result.status).toBe('Failure');
    expect(response.result.message).toContain('request.objects[0] ("default/api")');
    expect(response.result.message).toContain('spec.rollout: must be an object, got a string');
    expect(response.convertedObjects).toEqual([]);
  });

  it('mutate-invalid: an AdmissionReview of another version is a 400 denial with the uid', async () => {
    const response = admissionResponseOf(await mutate(loadEvent('mutate-invalid')));
    expect(response).toMatchObject({ uid: requestOf('mutate-invalid').uid, allowed: false, status: { code: 400, reason: 'BadRequest' } });
    expect(response.status!.message).toContain('admissionReviewVersions: ["v1"]');
  });

  it('validate-invalid: every field error, in kube\'s wording, under 422 Invalid', async () => {
    const response = admissionResponseOf(await validate(loadEvent('validate-invalid')));
    expect(response.uid).toBe(requestOf('validate-invalid').uid);
    expect(response.allowed).toBe(false);
    expect(response.status).toMatchObject({ code: 422, reason: 'Invalid' });
    expect(response.status!.message).toMatch(/^Workload\.workload\.example\.io "api" is invalid: \[spec\.replicas: Invalid value: -1: must be greater than or equal to 0, /);
    for (const error of [
      'spec.template.spec.containers[0].image: Required value',
      'spec.template.spec.containers[1].name: Duplicate value: "nginx"',
      'spec.alias: Invalid value: "Not_A_Label": a lowercase RFC 1123 label',
      'spec.alias: Invalid value: "Not_A_Label": field is immutable',
    ]) expect(response.status!.message).toContain(error);
    expect(response.warnings).toBeUndefined();
  });
});

describe('transport rules, as for the interpreter routes', () => {
  it.each([
    ['convert', convert],
    ['mutate', mutate],
    ['validate', validate],
  ] as const)('%s: wrong content type, bad JSON and 413 are answered in its own review kind, uid echoed when readable', async (name, handler) => {
    const body = JSON.parse(loadEvent(name).body!) as JsonMap;
    const uid = (body.request as JsonMap).uid;
    const wrongType = await handler(httpApiEvent({ routePath: `/${name}`, body, headers: { 'content-type': 'text/plain' } }));
    const badJson = await handler(httpApiEvent({ routePath: `/${name}`, rawBody: '{"request": ' }));
    const tooLarge = await handler(httpApiEvent({ routePath: `/${name}`, rawBody: ' '.repeat(maxBodyBytes + 1) }));
    expect([wrongType.statusCode, badJson.statusCode, tooLarge.statusCode]).toEqual([200, 200, 413]);
    if (name === 'convert') {
      expect(conversionResponseOf(wrongType)).toMatchObject({ uid, result: { status: 'Failure' } });
      expect(conversionResponseOf(badJson).result.message).toContain('not valid JSON');
      expect((JSON.parse(tooLarge.body as string) as { kind: string }).kind).toBe('ConversionReview');
    } else {
      expect(admissionResponseOf(wrongType)).toMatchObject({ uid, allowed: false, status: { code: 400 } });
      expect(admissionResponseOf(badJson).status!.message).toContain('not valid JSON');
      expect((JSON.parse(tooLarge.body as string) as { response: { status: { code: number } } }).response.status.code).toBe(413);
    }
  });

  it('an empty body asks for the review kind of the route', async () => {
    const response = conversionResponseOf(await convert(httpApiEvent({ routePath: '/convert', rawBody: '' })));
    expect(response.result.message).toBe('the request body is empty; send a ConversionReview');
  });
});

describe('call log', () => {
  it("names the review, its step and the object's group/version/Kind, never the object", async () => {
    await validate(loadEvent('validate-invalid'));
    await convert(loadEvent('convert'));
    const lines = [...vi.mocked(logger.info).mock.calls, ...vi.mocked(logger.warn).mock.calls].map(([, line]) => line as unknown as JsonMap);
    expect(lines.find((line) => line.review === 'AdmissionReview')).toMatchObject({ operation: 'validate', code: 422, route: 'POST /validate', name: 'api', kind: 'workload.example.io/v1alpha2/Workload', admissionOperation: 'UPDATE' });
    expect(lines.find((line) => line.review === 'ConversionReview')).toMatchObject({ operation: 'Convert', code: 200, kind: 'workload.example.io/v1alpha2/Workload', desiredAPIVersion: 'workload.example.io/v1alpha2' });
    // The denial's message (bounded) is logged; the object is not: its other values never appear.
    expect(JSON.stringify(lines)).not.toContain('envoy');
  });
});

describe('deep input', () => {
  it('a rollout nested 20 000 levels deep is a Failure that says so, not an internal error', async () => {
    const deep = `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`;
    const text = `{"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReview","request":{"uid":"d33p","desiredAPIVersion":"workload.example.io/v1alpha1","objects":[{"apiVersion":"workload.example.io/v1alpha2","kind":"Workload","metadata":{"name":"deep"},"spec":{"rollout":${deep}}}]}}`;
    const response = conversionResponseOf(await convert(httpApiEvent({ routePath: '/convert', rawBody: text })));
    expect(response.uid).toBe('d33p');
    expect(response.result.status).toBe('Failure');
    expect(response.result.message).toContain('spec.rollout: nests JSON too deeply');
  });
});
