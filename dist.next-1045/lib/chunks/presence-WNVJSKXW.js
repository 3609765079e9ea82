import { createRequire as __hireRequire } from 'node:module'; const require = __hireRequire(import.meta.url);
import{a,b,c,d,e,f,g,h}from"./chunk-75ENGEY2.js";import"./chunk-6ZAHZIUF.js";export{a as INFO_PATH,g as infoProof,f as isAlive,h as probeEmulator,c as readServerRecord,b as recordPath,e as removeServerRecord,d as writeServerRecord};
//# sourceMappingURL=presence-WNVJSKXW.js.map
