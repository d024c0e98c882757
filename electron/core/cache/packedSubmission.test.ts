import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { packSubmission, unpackedBytes, unpackSubmission } from './packedSubmission';

const submission = JSON.stringify({
  submissionId: '9b08961a-fed5-46bf-819e-0896b545858c',
  submissionTime: '2026-03-02T10:50:26.750Z',
  questions: [
    { id: 'nm01', name: 'Full name', type: 'ShortAnswer', value: 'Zoë Ørsted 🙂' },
    { id: 'em02', name: 'Email', type: 'EmailInput', value: 'zoe@example.com' },
    { id: 'st05', name: 'How satisfied are you overall?', type: 'StarRating', value: 4 },
    { id: 'cm06', name: 'Comments', type: 'LongAnswer', value: 'a\u0000b "quoted" \\ \u2028' },
  ],
  unknownField: { kept: [1, 2, 3] },
});

describe('a submission as the cache keeps it', () => {
  it('gives back exactly the JSON it was given, as text and as UTF-8 bytes', () => {
    const packed = packSubmission(submission);
    expect(unpackSubmission(packed)).toBe(submission);
    expect(unpackedBytes(packed).equals(Buffer.from(submission, 'utf8'))).toBe(true);
  });

  it('gives back a row many times longer than most, a long answer of text deflate cannot shorten', () => {
    const essay = Array.from({ length: 10_000 }, (_, i) =>
      ((i * 7_919) % 65_521).toString(36),
    ).join(' ');
    const long = JSON.stringify({ ...JSON.parse(submission), essay: `${essay} — fin` });
    expect(long.length).toBeGreaterThan(32_000);
    expect(unpackSubmission(packSubmission(long))).toBe(long);
  });

  it('takes less room than the row deflated alone, the service’s own words known beforehand', () => {
    expect(packSubmission(submission).length).toBeLessThan(
      zlib.deflateRawSync(submission).length * 0.8,
    );
  });

  it('refuses bytes of a format it does not know, naming it', () => {
    const packed = packSubmission(submission);
    packed[0] = 9;
    expect(() => unpackSubmission(packed)).toThrow(/unknown format \(9\)/);
  });
});
