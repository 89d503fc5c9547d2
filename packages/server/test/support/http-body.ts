/** A response body as the tests read it: its JSON when it parses, else the text as it came. */
export function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
