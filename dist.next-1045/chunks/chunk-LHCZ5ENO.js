let __hireRequire; const require = (id) => (__hireRequire ??= process.getBuiltinModule('node:module').createRequire(import.meta.url))(id);
import{a as r,c as p,e as n}from"./chunk-VPYPQKVT.js";var i="/webhooks",c="/deliveries",d=e=>`${r(i,e)}/deliveries`;async function m(e,o,t){return(await p(e,i,o,t)).record}var a=(e,o,t)=>n(e,r(i,o),t);export{i as a,c as b,d as c,m as d,a as e};
//# sourceMappingURL=chunk-LHCZ5ENO.js.map
