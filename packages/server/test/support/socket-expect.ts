import {
  type ErrorEnvelope,
  errorEnvelopeSchema,
  getActionSpecByEvent,
  type ResponseEnvelope,
  responseEnvelopeSchema,
  type SocketActionEvent,
  splitActionEvent,
} from '@reelbench/sdk/contract';
import type { Socket } from 'socket.io-client';
import { expect } from 'vitest';
import { request, type SocketAnswer } from './factories.js';

function requestOf(answer: SocketAnswer): SocketActionEvent {
  if (answer.request === undefined) throw new Error('not an answer to an envelope request');
  return answer.request;
}

/** A reply on `domain:response`, checked against the envelope and the action's reply schema. */
export function expectSocketReply<T>(answer: SocketAnswer): T {
  const event = requestOf(answer);
  expect(answer.event, JSON.stringify(answer.body)).toBe(`${splitActionEvent(event).domain}:response`);
  const envelope = responseEnvelopeSchema.parse(answer.body) as ResponseEnvelope;
  const spec = getActionSpecByEvent(event);
  if (spec === undefined) throw new Error(`no action ${event} in the contract`);
  spec.reply.parse(envelope.data);
  return envelope.data as T;
}

/** An answer on `domain:error` with this code (and, when given, exactly this message). */
export function expectSocketError(answer: SocketAnswer, code: string, error?: string): ErrorEnvelope {
  expect(answer.event, JSON.stringify(answer.body)).toBe(
    `${splitActionEvent(requestOf(answer)).domain}:error`,
  );
  const envelope = errorEnvelopeSchema.parse(answer.body);
  expect(envelope.code).toBe(code);
  if (error !== undefined) expect(envelope.error).toBe(error);
  return envelope;
}

/** request() then expectSocketReply(): the reply's data. */
export async function ask<T>(socket: Socket, event: SocketActionEvent, payload: unknown): Promise<T> {
  return expectSocketReply<T>(await request<T>(socket, event, payload));
}
