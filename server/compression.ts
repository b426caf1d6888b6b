/**
 * Response compression (gzip, br) for everything but event streams, with one repair:
 * `compression` sends a response's `drain` listeners to its zlib stream (`res.on('drain')` →
 * `stream.on('drain')`) but leaves `res.removeListener` alone, so a listener can never be
 * removed again (expressjs/compression#135, #152; still so in 1.8). `res.once('drain')`, which
 * React Router's writer (`writeReadableStreamToWritable`) uses at every back-pressure wait,
 * removes its wrapper from the response instead of the stream: every wait of a long response (a
 * CSV export, a big page on a busy server) left one listener behind on its BrotliCompress or
 * Gzip stream until `MaxListenersExceededWarning` appeared in the log. Here a `drain` listener is
 * removed from wherever `compression` put it.
 */
import type { EventEmitter } from "node:events";
import compression from "compression";
import type { RequestHandler, Response } from "express";
import { isEventStream } from "~/platform/realtime/event-stream.server";

type Listener = (...args: unknown[]) => void;

/**
 * Makes `res.removeListener('drain')` (and `off`, and the removal inside `once`) reach the
 * emitter `compression` added the listener to. Mounted right after `compression`, whose
 * `res.on` answers with the zlib stream when it hands a `drain` listener over to it.
 */
const drainListenersFollowCompression: RequestHandler = (_req, res, next) => {
  const on = res.on;
  const removeListener = res.removeListener;
  // The emitters other than the response itself that hold each drain listener.
  const holders = new Map<Listener, EventEmitter>();
  res.on = function (this: Response, event: string | symbol, listener: Listener) {
    const target = on.call(this, event, listener) as unknown;
    if (event === "drain" && target !== this && target && typeof (target as EventEmitter).removeListener === "function") {
      holders.set(listener, target as EventEmitter);
    }
    return this;
  } as Response["on"];
  res.addListener = res.on;
  res.removeListener = function (this: Response, event: string | symbol, listener: Listener) {
    removeListener.call(this, event, listener);
    if (event === "drain") {
      for (const [held, holder] of holders) {
        // `once` registers a wrapper whose `listener` is the original one.
        if (held === listener || (held as { listener?: Listener }).listener === listener) {
          holder.removeListener("drain", held);
          holders.delete(held);
        }
      }
    }
    return this;
  } as Response["removeListener"];
  res.off = res.removeListener;
  next();
};

/** An event stream must reach the browser event by event, never held back to be compressed. */
export function compressResponses(): RequestHandler[] {
  return [
    compression({ filter: (req, res) => !isEventStream(res) && compression.filter(req, res) }),
    drainListenersFollowCompression,
  ];
}
