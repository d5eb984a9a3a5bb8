// The frame of every browse page: the document, its language and viewport, and the style sheet
// the service serves itself (no CDN, no font download; the Content-Security-Policy allows none).
import { raw } from "hono/html";
import type { Child } from "hono/jsx";
import type { HtmlEscapedString } from "hono/utils/html";
import { pathOf } from "./routes.ts";

/** What a page component renders: HTML text, escaped, or its promise. */
export type Rendered = HtmlEscapedString | Promise<HtmlEscapedString>;

/** A page: its title and its content. */
export function Layout({ title, children }: { title: string; children?: Child }): Rendered {
  return (
    <>
      {raw("<!DOCTYPE html>")}
      <html lang="en">
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <meta name="color-scheme" content="light dark" />
          <title>{title}</title>
          <link rel="icon" href={pathOf("browse_icon")} type="image/svg+xml" />
          <link rel="stylesheet" href={pathOf("browse_style")} />
          <script src={pathOf("browse_script")} defer></script>
        </head>
        <body>{children}</body>
      </html>
    </>
  );
}
