let __hireRequire; const require = (id) => (__hireRequire ??= process.getBuiltinModule('node:module').createRequire(import.meta.url))(id);
import{a,b,c,d}from"./chunk-KYFTHMAB.js";import"./chunk-2PO6KS5O.js";import"./chunk-XJIZTWAC.js";export{a as isLoopbackHost,b as lookupLoopback,c as redactUrl,d as resolveBaseUrl};
//# sourceMappingURL=base-url-5JXHIGUU.js.map
