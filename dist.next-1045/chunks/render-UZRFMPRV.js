let __hireRequire; const require = (id) => (__hireRequire ??= process.getBuiltinModule('node:module').createRequire(import.meta.url))(id);
import{a,b,c,d,e,f,g,h}from"./chunk-Q56GY4KI.js";import"./chunk-755EPLF5.js";import"./chunk-MAWQSRCB.js";import"./chunk-XJIZTWAC.js";export{d as MAX_DRAWN_ROWS,a as columnsFor,h as csvRow,b as fieldValue,c as printList,e as printPages,f as printRecord,g as wrap};
//# sourceMappingURL=render-UZRFMPRV.js.map
