let __hireRequire; const require = (id) => (__hireRequire ??= process.getBuiltinModule('node:module').createRequire(import.meta.url))(id);
import{a}from"./chunk-NCXJ54RR.js";import"./chunk-GMLHXMDR.js";import"./chunk-E2OBHKJK.js";import"./chunk-6OP6QOCF.js";import"./chunk-2PO6KS5O.js";import"./chunk-XJIZTWAC.js";export{a as getAnalytics};
//# sourceMappingURL=analytics-MZLXJRFD.js.map
