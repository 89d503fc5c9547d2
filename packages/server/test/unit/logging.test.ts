import { describe, expect, it } from 'vitest';
import { AppLogger } from '../../src/common/app-logger.js';
import { withLogContext } from '../../src/common/log-context.js';
import { REDACTED, redact, registerSecrets } from '../../src/common/redact.js';

function capture(level: ConstructorParameters<typeof AppLogger>[0] = 'verbose') {
  const lines: { line: string; level: string }[] = [];
  const logger = new AppLogger(level, (line, lineLevel) => lines.push({ line, level: lineLevel }));
  return {
    logger,
    lines,
    parsed: () => lines.map(({ line }) => JSON.parse(line) as Record<string, unknown>),
  };
}

describe('redact', () => {
  it.each([
    ['Authorization: Bearer rb_live_abcdef123456', 'rb_live_abcdef123456'],
    ['{"authorization":"Bearer tok.en-1"}', 'tok.en-1'],
    ['cookie: session=s3cr3tcookie; theme=dark', 's3cr3tcookie'],
    ['{"email":"a@b.c","password":"hunter2-hunter2"}', 'hunter2-hunter2'],
    ['password=hunter2-hunter2&email=a', 'hunter2-hunter2'],
    ['{"reviewToken":"rt_0123456789"}', 'rt_0123456789'],
    ['{"apiKey":"sk-abcdef"}', 'sk-abcdef'],
    ['S3_SECRET_ACCESS_KEY=wJalrXUtnFEMI', 'wJalrXUtnFEMI'],
    ['connect postgres://reel:pg-pass-123@db:5432/reelbench failed', 'pg-pass-123'],
    ['redis://:redis-pass@cache:6379', 'redis-pass'],
    ['GET /api/files/raw/a/b.png?expires=1790000000&sig=0f1e2d3c4b5a', '0f1e2d3c4b5a'],
    ['https://bucket.s3/k.png?X-Amz-Credential=AKIA%2F1&X-Amz-Signature=deadbeef99', 'deadbeef99'],
    [
      'GET /api/review/Abc_def-0123456789abcdefghijklmnopqrstuvwxyz12 200',
      'Abc_def-0123456789abcdefghijklmnopqrstuvwxyz12',
    ],
    ['POST /api/review/tok3n-value/comments 201', 'tok3n-value'],
    ['GET /api/files/review/tok3n-value/shots/3f2a/image 206', 'tok3n-value'],
    ['DELETE /api/review-links/tok3n-value 200', 'tok3n-value'],
    ['GET /review/tok3n-value?x=1 200', 'tok3n-value'],
    ['GET /api/files/raw/a.png?access_token=tok3n-value 403', 'tok3n-value'],
  ])('hides the secret in %s', (text, secret) => {
    const out = redact(text);
    expect(out).not.toContain(secret);
    expect(out).toContain(REDACTED);
  });

  it('keeps what is not a secret', () => {
    const text = 'GET /api/projects/3f2a?limit=5 200 {"s3_image_key":"images/p/1.png","tokenTtlDays":30}';
    expect(redact(text)).toBe(text);
  });

  it('hides configured secrets wherever they appear', () => {
    registerSecrets(['the-signing-secret-of-this-test-run', undefined, 'abc']);
    expect(redact('boom: the-signing-secret-of-this-test-run leaked')).toBe(`boom: ${REDACTED} leaked`);
    // Too short to redact verbatim without hiding ordinary words.
    expect(redact('abc')).toBe('abc');
  });
});

describe('AppLogger', () => {
  it('writes one JSON line per event with time, level, msg, context and the correlation ids', () => {
    const { logger, lines, parsed } = capture();
    withLogContext({ requestId: 'req-1' }, () => logger.log('saved', 'Shots'));
    withLogContext({ jobId: 'job-9' }, () => logger.warn('slow provider', 'Jobs'));
    logger.error('failed', new Error('disk full'), 'Storage');
    expect(lines.map(({ line }) => line.includes('\n'))).toEqual([false, false, false]);
    expect(lines.map(({ level }) => level)).toEqual(['info', 'warn', 'error']);
    const [saved, slow, failed] = parsed();
    expect(saved).toMatchObject({ level: 'info', msg: 'saved', context: 'Shots', requestId: 'req-1' });
    expect(Date.parse(String(saved?.time))).not.toBeNaN();
    expect(slow).toMatchObject({ level: 'warn', msg: 'slow provider', context: 'Jobs', jobId: 'job-9' });
    expect(failed).toMatchObject({ level: 'error', msg: 'failed: disk full', context: 'Storage' });
    expect(String(failed?.stack)).toContain('Error: disk full');
  });

  it('redacts inside the message, the stack and extra fields', () => {
    const { logger, lines } = capture();
    logger.error('login {"password":"planted-pw-1"}', new Error('Bearer planted-token-2'), 'Auth');
    logger.write('info', 'GET', { url: '/api/files/raw/x.png?expires=1&sig=planted-sig-3' });
    const text = lines.map(({ line }) => line).join('\n');
    for (const secret of ['planted-pw-1', 'planted-token-2', 'planted-sig-3'])
      expect(text).not.toContain(secret);
  });

  it('drops levels below its own and Nest start-up chatter', () => {
    const { logger, lines } = capture('warn');
    logger.log('hello', 'Anything');
    logger.debug('details', 'Anything');
    logger.warn('careful', 'Anything');
    const verbose = capture('info');
    verbose.logger.log('Mapped {/api/health, GET} route', 'RouterExplorer');
    expect(lines).toHaveLength(1);
    expect(verbose.lines).toHaveLength(0);
  });
});
