let __hireRequire; const require = (id) => (__hireRequire ??= process.getBuiltinModule('node:module').createRequire(import.meta.url))(id);
import{a,b}from"./chunk-T2INKMEQ.js";import"./chunk-3SWAXDLZ.js";import"./chunk-755EPLF5.js";import"./chunk-MAWQSRCB.js";import"./chunk-PLH3VM3Z.js";import"./chunk-2PO6KS5O.js";import"./chunk-XJIZTWAC.js";export{b as Context,a as VERSION};
//# sourceMappingURL=context-SWO65AJP.js.map
