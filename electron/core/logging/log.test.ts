import { describe, expect, it } from 'vitest';
import { AppError } from '../../shared/errors';
import { createLogger, redact } from './log';

function capture() {
  const lines: string[] = [];
  const log = createLogger({
    level: 'debug',
    write: (line) => lines.push(line),
    now: () => new Date(0),
  });
  return { log, lines };
}

describe('log', () => {
  it('never writes a registered key, even inside an error cause', () => {
    const { log, lines } = capture();
    log.addSecret('sk_prod_abcdef123456');
    const error = new AppError('REMOTE', 'failed', {
      cause: new Error('key sk_prod_abcdef123456 refused'),
    });
    log.error('call failed for sk_prod_abcdef123456', error);
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain('sk_prod_abcdef123456');
    expect(lines[0]).toContain('[redacted]');
    expect(lines[0]).toContain('AppError [REMOTE]: failed');
  });

  it('redacts bearer credentials, authorization fields and token parameters it was never told about', () => {
    const text = redact(
      'Authorization: Bearer sk_x_1 {"authorization":"Bearer abc"} GET /events?token=t0ken&x=1',
      [],
    );
    expect(text).not.toMatch(/sk_x_1|abc"|t0ken/);
    expect(text).toContain('&x=1');
  });

  it('drops lines under its level', () => {
    const lines: string[] = [];
    const log = createLogger({ level: 'warn', write: (line) => lines.push(line) });
    log.info('quiet');
    log.warn('loud');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('WARN loud');
  });

  it('redacts a short key where it stands alone, without eating the words that contain it', () => {
    const lines: string[] = [];
    const log = createLogger({ write: (line) => lines.push(line) });
    log.addSecret('ab_1');
    log.error('key ab_1 refused; grab_12 and ab_1x are other words', 'Bearer-less "ab_1"');
    expect(lines[0]).toContain('key [redacted] refused; grab_12 and ab_1x are other words');
    expect(lines[0]).toContain('"[redacted]"');
    expect(lines[0]).not.toMatch(/(?<![\w-])ab_1(?![\w-])/);
  });
});
