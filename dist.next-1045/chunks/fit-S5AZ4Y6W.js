let __hireRequire; const require = (id) => (__hireRequire ??= process.getBuiltinModule('node:module').createRequire(import.meta.url))(id);
import{a,b,c,d,e,f,g}from"./chunk-755EPLF5.js";import"./chunk-MAWQSRCB.js";import"./chunk-XJIZTWAC.js";export{d as fitUrl,f as hardWrap,b as layoutColumns,a as tableWidth,c as urlAuthority,g as wrapProse,e as wrapWords};
//# sourceMappingURL=fit-S5AZ4Y6W.js.map
