/**
 * React Router answers a page or data request with the cookies of a route's loader and action
 * but drops their other headers unless the route exports `headers`. A route whose action can
 * refuse with 429 exports this one, so the refusal keeps its Retry-After.
 */
import type { HeadersFunction } from "react-router";

const FORWARDED = ["Retry-After"] as const;

export const keepRetryAfter: HeadersFunction = ({ parentHeaders, loaderHeaders, actionHeaders, errorHeaders }) => {
  const headers = new Headers(parentHeaders);
  for (const source of [loaderHeaders, actionHeaders, errorHeaders]) {
    for (const name of FORWARDED) {
      const value = source?.get(name);
      if (value) headers.set(name, value);
    }
  }
  return headers;
};
