export function checkOutput(siteDir: string): { problems: string[]; articles: number };
