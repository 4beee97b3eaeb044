// The string formats kube-apiserver checks in a CRD, as it reads each (including its quirks), and the ones it does not.
import { describe, expect, it } from 'vitest';
import { formatCheck } from '../../lib/kit/crd-formats';

/** Which of `values` the format admits. */
function admitted(format: string, values: readonly string[]): string[] {
  const check = formatCheck(format)!;
  return values.filter((value) => check(value));
}

describe('formatCheck', () => {
  it('knows the formats kube checks, by their name with or without hyphens, and no other', () => {
    // Act
    const known = ['date-time', 'datetime', 'date', 'duration', 'byte', 'password', 'uri', 'email', 'hostname', 'ipv4', 'ipv6', 'cidr', 'mac', 'uuid', 'uuid3', 'uuid4', 'uuid5', 'isbn', 'isbn10', 'isbn13', 'creditcard', 'ssn', 'hexcolor', 'rgbcolor', 'bsonobjectid', 'k8s-short-name', 'k8s-long-name'];
    const unknown = ['int32', 'int64', 'float', 'double', 'quantity', 'url', 'toString'];

    // Assess
    expect(known.filter((format) => formatCheck(format) === undefined)).toEqual([]);
    expect(unknown.filter((format) => formatCheck(format) !== undefined)).toEqual([]);
  });

  it('reads date-time and date as kube does: a leap day only in a leap year, a zone required, an empty string refused', () => {
    expect(admitted('date-time', ['2024-02-29T00:00:00Z', '2024-02-29t00:00:00z', '2024-02-29T23:59:59.5-07:00', '2023-02-29T00:00:00Z', '2024-02-29T00:00:00', '2024-02-29 00:00:00Z', ''])).toEqual([
      '2024-02-29T00:00:00Z',
      '2024-02-29t00:00:00z',
      '2024-02-29T23:59:59.5-07:00',
    ]);
    expect(admitted('date', ['2000-02-29', '1900-02-29', '2024-04-31', '2024-4-01'])).toEqual(['2000-02-29']);
  });

  it("takes Go's durations and the lenient '<number> <unit>' form", () => {
    expect(admitted('duration', ['0', '1h30m', '-1.5h', '300ms', '2 days', '10 minutes', '1y', 'h', ''])).toEqual(['0', '1h30m', '-1.5h', '300ms', '2 days', '10 minutes']);
  });

  it('reads addresses: IPv4 with leading zeros tolerated, IPv6 without a zone, CIDRs, MACs in their three notations', () => {
    expect(admitted('ipv4', ['192.168.001.001', '1.2.3', '256.1.1.1'])).toEqual(['192.168.001.001']);
    expect(admitted('ipv6', ['2001:db8::1', 'fe80::1%eth0', '1.2.3.4'])).toEqual(['2001:db8::1']);
    expect(admitted('cidr', ['10.0.0.0/8', '2001:db8::/32', '10.0.0.0/33', '10.0.0.0'])).toEqual(['10.0.0.0/8', '2001:db8::/32']);
    expect(admitted('mac', ['01:23:45:67:89:ab', '01-23-45-67-89-ab', '0123.4567.89ab', '01:23-45:67:89:ab', '01:23:45:67:89'])).toEqual(['01:23:45:67:89:ab', '01-23-45-67-89-ab', '0123.4567.89ab']);
  });

  it("reads a host name as kube's pattern does: one hyphen at most without a dot, an alphabetic last label with dots", () => {
    expect(admitted('hostname', ['localhost', 'a-b', 'my-host-name', 'my-host.example.com', 'example.c0m', '-a.example.com'])).toEqual(['localhost', 'a-b', 'my-host.example.com']);
  });

  it('checks the check digits of ISBNs and card numbers, and the shape of the rest', () => {
    expect(admitted('isbn10', ['0-306-40615-2', '0306406153'])).toEqual(['0-306-40615-2']);
    expect(admitted('isbn13', ['978-0-306-40615-7', '9780306406158'])).toEqual(['978-0-306-40615-7']);
    expect(admitted('creditcard', ['4111 1111 1111 1111', '4111 1111 1111 1112'])).toEqual(['4111 1111 1111 1111']);
    expect(admitted('ssn', ['123-45-6789', '123456789', '12-345-6789'])).toEqual(['123-45-6789']);
    expect(admitted('hexcolor', ['#fff', 'A0B1C2', '#ffff'])).toEqual(['#fff', 'A0B1C2']);
    expect(admitted('rgbcolor', ['rgb(0, 128, 255)', 'rgb(256,0,0)'])).toEqual(['rgb(0, 128, 255)']);
    expect(admitted('bsonobjectid', ['507f1f77bcf86cd799439011', '507f1f77'])).toEqual(['507f1f77bcf86cd799439011']);
    expect(admitted('uuid5', ['987fbc97-4bed-5078-af07-9141ba07c9f3', '987fbc97-4bed-4078-af07-9141ba07c9f3'])).toEqual(['987fbc97-4bed-5078-af07-9141ba07c9f3']);
    expect(admitted('email', ['ops@example.com', 'Ops <ops@example.com>', 'ops.example.com'])).toEqual(['ops@example.com', 'Ops <ops@example.com>']);
    expect(admitted('k8s-long-name', ['a.b-c.d', 'A.b', 'a..b'])).toEqual(['a.b-c.d']);
    expect(admitted('byte', ['aGk=', 'aGk', ''])).toEqual(['aGk=']);
  });
});
