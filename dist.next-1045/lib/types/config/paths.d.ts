export type Env = Readonly<Record<string, string | undefined>>;
export declare function configDir(env: Env): string;
export declare function dataDir(env: Env): string;
export declare const CONFIG_FILE_NAME = "config.json";
export declare function configFilePath(env: Env): string;
