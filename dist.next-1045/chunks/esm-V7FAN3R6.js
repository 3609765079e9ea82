let __hireRequire; const require = (id) => (__hireRequire ??= process.getBuiltinModule('node:module').createRequire(import.meta.url))(id);
import{i as a,j as b,k as c,l as d,m as e,n as f,o as g,p as h,q as i,r as j,s as k}from"./chunk-3EHJH7O2.js";import"./chunk-FHVGIWQ6.js";import"./chunk-R7RJUR23.js";import"./chunk-XJIZTWAC.js";export{a as Separator,b as checkbox,d as confirm,c as editor,g as expand,e as input,f as number,i as password,h as rawlist,j as search,k as select};
//# sourceMappingURL=esm-V7FAN3R6.js.map
