// The browse pages' one style sheet, served by the service (the route `browse_style`): light and
// dark after the system, a visible focus ring, and text colours that pass WCAG AA on their
// backgrounds.

/** The style sheet. */
export const STYLE = `
:root { color-scheme: light dark; --fg: #1b1b1f; --bg: #ffffff; --muted: #4a4a55; --accent: #0b57d0; --line: #d0d0d8; }
@media (prefers-color-scheme: dark) {
  :root { --fg: #ececf1; --bg: #121216; --muted: #b4b4c0; --accent: #8ab4f8; --line: #3a3a44; }
}
* { box-sizing: border-box; }
.flag { white-space: nowrap; }
.problem { border-left: 0.25rem solid var(--accent); padding: 0.25rem 0.75rem; font-weight: 600; }
body { margin: 0 auto; max-width: 64rem; padding: 1rem; font: 16px/1.5 system-ui, sans-serif; color: var(--fg); background: var(--bg); }
a { color: var(--accent); }
:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
form { display: grid; grid-template-columns: 1fr; gap: 0.25rem 0.75rem; }
@media (min-width: 48rem) { form { grid-template-columns: auto 1fr; align-items: center; } }
input, select, button { font: inherit; color: inherit; background: var(--bg); border: 1px solid var(--line); border-radius: 4px; padding: 0.4rem 0.5rem; min-height: 2.5rem; }
button { background: var(--accent); color: var(--bg); border-color: var(--accent); cursor: pointer; }
.meta { color: var(--muted); }
ol { padding-left: 1.5rem; }
li p { margin: 0.25rem 0 1rem; }
table { border-collapse: collapse; width: 100%; display: block; overflow-x: auto; }
th, td { text-align: left; vertical-align: top; padding: 0.4rem 0.6rem; border-bottom: 1px solid var(--line); }
button.copy { min-height: 2rem; padding: 0.2rem 0.6rem; margin-top: 0.5rem; }
pre { overflow-x: auto; padding: 0.75rem; border: 1px solid var(--line); border-radius: 4px; }
`;

/** The pages' icon: a magnifying glass, so that a browser asks for no /favicon.ico. */
export const ICON =
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="6.5" cy="6.5" r="4.5" fill="none" stroke="#0b57d0" stroke-width="2"/><path d="M10 10l4.5 4.5" stroke="#0b57d0" stroke-width="2"/></svg>`;
