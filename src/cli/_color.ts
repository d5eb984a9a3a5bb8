// ANSI styles for the command line's output, or plain text when colour is off.

/** Text styles; each returns its text unchanged when colour is off. */
export interface Palette {
  bold(text: string): string;
  dim(text: string): string;
  red(text: string): string;
  yellow(text: string): string;
  green(text: string): string;
  cyan(text: string): string;
}

/** The styles, as ANSI escape sequences when `enabled`, else as the identity. */
export function palette(enabled: boolean): Palette {
  const style = (open: number, close: number) =>
    enabled ? (text: string) => `\x1b[${open}m${text}\x1b[${close}m` : (text: string) => text;
  return {
    bold: style(1, 22),
    dim: style(2, 22),
    red: style(31, 39),
    yellow: style(33, 39),
    green: style(32, 39),
    cyan: style(36, 39),
  };
}
