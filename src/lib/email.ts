/**
 * The newsletter's address rule (see docs/requirements/home-and-layout.md, Footer and newsletter): a
 * local part of word characters, dots or hyphens, then @, then dot-separated domain labels whose final
 * label is 2 to 7 letters.
 */
const EMAIL_PATTERN = /^[\w.-]+@(?:[\w-]+\.)+[A-Za-z]{2,7}$/;

/** Whether the typed address (surrounding spaces ignored) has the shape the newsletter accepts. */
export function isValidEmail(input: string): boolean {
  return EMAIL_PATTERN.test(input.trim());
}
