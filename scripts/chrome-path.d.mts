export declare function chromePath(): string;
export declare const CHROME_FLAGS: string[];
