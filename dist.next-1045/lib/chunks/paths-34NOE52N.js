import { createRequire as __hireRequire } from 'node:module'; const require = __hireRequire(import.meta.url);
import{a,b,c,d}from"./chunk-Y4U6T6NK.js";import"./chunk-6ZAHZIUF.js";export{c as CONFIG_FILE_NAME,a as configDir,d as configFilePath,b as dataDir};
//# sourceMappingURL=paths-34NOE52N.js.map
