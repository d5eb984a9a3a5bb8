// Which answer a request wants of a route that people and agents share: only an explicit
// `text/html`, as a browser sends, gets the browse page; `*/*`, JSON or no Accept keep the API's
// JSON. Apart from the pages, so that telling them apart does not load them.

/** Whether the `Accept` header asks for HTML by name, as a browser's does. */
/** Whether the `Accept` header asks for HTML by name, as a browser's does. */
export function wantsHtml(accept: string | undefined): boolean {
  return accept !== undefined && /(?:^|,)\s*text\/html\s*(?:;|,|$)/i.test(accept);
}
