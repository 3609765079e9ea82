type Render = (source: string) => string;
export declare function markdownRenderer(): Promise<Render>;
export {};
