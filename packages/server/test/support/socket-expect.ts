import {
  type ErrorEnvelope,
  errorEnvelopeSchema,
  getActionSpec,
  type ResponseEnvelope,
  responseEnvelopeSchema,
} from '@reelbench/sdk/contract';
import { expect } from 'vitest';
import type { SocketAnswer } from './factories.js';

/** A reply on `domain:response`, checked against the envelope and the action's reply schema. */
export function expectSocketReply<T>(answer: SocketAnswer, domain: string, action: string): T {
  expect(answer.event, JSON.stringify(answer.body)).toBe(`${domain}:response`);
  const envelope = responseEnvelopeSchema.parse(answer.body) as ResponseEnvelope;
  const spec = getActionSpec(domain, action);
  if (spec === undefined) throw new Error(`no action ${domain}:${action} in the contract`);
  spec.reply.parse(envelope.data);
  return envelope.data as T;
}

/** An answer on `domain:error` with this code (and, when given, exactly this message). */
export function expectSocketError(
  answer: SocketAnswer,
  domain: string,
  code: string,
  error?: string,
): ErrorEnvelope {
  expect(answer.event, JSON.stringify(answer.body)).toBe(`${domain}:error`);
  const envelope = errorEnvelopeSchema.parse(answer.body);
  expect(envelope.code).toBe(code);
  if (error !== undefined) expect(envelope.error).toBe(error);
  return envelope;
}
