/**
 * Text escaped for HTML or XML: safe as element content and inside a double-quoted attribute value
 * (& < > and "). Apostrophes are left as they are: every attribute the site writes is double-quoted.
 */
export const escapeHtml = (text: string): string =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
