/** What an error message repeats of a client's input (a slug, a parameter name): at most this many characters. */
export const SHOWN_INPUT_LENGTH = 100;

/** The client's text as an error message repeats it: cut after SHOWN_INPUT_LENGTH characters, then `…`. */
export function shortenForMessage(text: string, max = SHOWN_INPUT_LENGTH): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : text;
}
