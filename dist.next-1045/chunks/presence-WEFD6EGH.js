let __hireRequire; const require = (id) => (__hireRequire ??= process.getBuiltinModule('node:module').createRequire(import.meta.url))(id);
import{a,b,c,d,e,f,g,h}from"./chunk-FCS56N2O.js";import"./chunk-XJIZTWAC.js";export{a as INFO_PATH,g as infoProof,f as isAlive,h as probeEmulator,c as readServerRecord,b as recordPath,e as removeServerRecord,d as writeServerRecord};
//# sourceMappingURL=presence-WEFD6EGH.js.map
