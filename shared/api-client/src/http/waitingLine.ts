import { isWaitingRoomAnswer, QUEUE_TICKET_HEADER } from '@psb/contracts/core';
import { create } from 'zustand';

/** The wait the shell shows while a call is held in the server's waiting room. */
export interface Wait {
  position: number;
  estimatedSeconds: number;
  /** When the client asks again (ms since epoch). */
  nextTryAt: number;
}

export const useWaitingLine = create<{ wait: Wait | null }>(() => ({ wait: null }));

// The request as it was before it was sent (its body is spent once sent): only JSON calls can be admitted.
const unsent = new WeakMap<Request, Request>();

export function keepForWaitingRoom(request: Request) {
  if (request.method !== 'GET' && request.headers.get('content-type')?.includes('application/json'))
    unsent.set(request, request.clone());
}

const sleep = (ms: number, signal: AbortSignal | null) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

async function waitingAnswerOf(response: Response) {
  if (response.status !== 503) return null;
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => null);
  return isWaitingRoomAnswer(body) ? body : null;
}

/**
 * A 503 from the waiting room: shows the place in line, asks again after Retry-After with the ticket (which
 * keeps the first arrival), and repeats until the server lets the call in; the page under the waiting screen
 * stays as it is, so nothing typed is lost. Any other response is returned as it came.
 */
export async function waitInLine(request: Request, response: Response): Promise<Response> {
  const original = unsent.get(request);
  let answer = original ? await waitingAnswerOf(response) : null;
  if (!original || !answer) return response;
  let current = response;
  try {
    while (answer) {
      const seconds = Math.max(1, Number(current.headers.get('retry-after')) || 1);
      useWaitingLine.setState({
        wait: {
          position: answer.position,
          estimatedSeconds: answer.estimated_seconds,
          nextTryAt: Date.now() + seconds * 1000,
        },
      });
      await sleep(seconds * 1000, request.signal);
      const again = new Request(original.clone());
      again.headers.set(QUEUE_TICKET_HEADER, answer.ticket);
      current = await fetch(again);
      answer = await waitingAnswerOf(current);
    }
    return current;
  } finally {
    useWaitingLine.setState({ wait: null });
  }
}
